import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { readBodyWithin } from "./form-body.server";
import { logger } from "~/server/logger.server";
import { isStorableJson, UNSTORABLE_TEXT_MESSAGE } from "~/lib/storable-text";

/** JSON bodies of the API are small; anything bigger is refused before it is read. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

/**
 * A JSON answer of an API resource route. Resource routes answer Responses (Remix's `data()`
 * keeps its status only in page routes).
 */
export function jsonResponse(body: unknown, init?: ResponseInit): Response {
  return Response.json(body, init);
}

/** A JSON API error: `{status: "error", message, errors?}` with a 4xx (or 5xx) status. */
export function apiError(
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  headers?: HeadersInit,
) {
  const body = errors ? { status: "error", message, errors } : { status: "error", message };
  return jsonResponse(body, { status, headers });
}

/**
 * The request's JSON object body. Throws a 4xx answer for a wrong content type (415), a body
 * over the limit (413), malformed JSON, anything but an object, or text the database cannot
 * store (400; ./storable-text.ts).
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw apiError(415, "Send a JSON body with Content-Type: application/json");
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_JSON_BODY_BYTES) throw apiError(413, "Request body is too large");
  const body = await readBodyWithin(request, MAX_JSON_BODY_BYTES);
  if (!body) throw apiError(413, "Request body is too large");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw apiError(400, UNSTORABLE_TEXT_MESSAGE);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw apiError(400, "Malformed JSON");
  }
  if (!isStorableJson(value)) throw apiError(400, UNSTORABLE_TEXT_MESSAGE);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw apiError(400, "Expected a JSON object");
  }
  return value as Record<string, unknown>;
}

/** Field messages of a failed zod parse, as `{field: [messages]}`. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** 400 with the first problem as the message and every field's messages. */
export function validationFailure(error: z.ZodError) {
  const errors = fieldErrorsOf(error);
  return apiError(400, Object.values(errors)[0]?.[0] ?? "Invalid input", errors);
}

/** Only a route's listed methods are allowed; others get 405. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, `Method not allowed; use ${allowed.join(" or ")}`, undefined, {
    Allow: allowed.join(", "),
  });
}

type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
type ApiHandler = (args: LoaderFunctionArgs) => Promise<Response> | Response;

/** The 500 an API client gets for an error we did not expect (the log has the details). */
export const INTERNAL_ERROR_MESSAGE = "Internal server error";

/**
 * Whatever a handler throws becomes a JSON answer: a thrown JSON Response as it is, any other
 * Response as `{status: "error", message}` with its status, anything else a logged 500. So a
 * client of `/api/*` never gets Remix's text or HTML error answers.
 */
async function answeringJson(handler: ApiHandler, args: LoaderFunctionArgs): Promise<Response> {
  try {
    return await handler(args);
  } catch (thrown) {
    if (thrown instanceof Response) {
      if (/\bjson\b/i.test(thrown.headers.get("Content-Type") ?? "")) return thrown;
      const message = (await thrown.text()) || thrown.statusText || "Request failed";
      const headers = new Headers(thrown.headers);
      headers.delete("Content-Type");
      headers.delete("Content-Length");
      return apiError(thrown.status, message, undefined, headers);
    }
    // A client that has gone (its password hash left the queue, say) hears nothing: no failure.
    if (!args.request.signal.aborted) {
      logger.error(
        { err: thrown },
        `${args.request.method} ${new URL(args.request.url).pathname} failed`,
      );
    }
    return apiError(500, INTERNAL_ERROR_MESSAGE);
  }
}

/**
 * One API resource route from its handlers by method: the route's `loader` answers GET (and
 * HEAD), its `action` the other methods; a method without a handler gets 405 with `Allow`, and
 * errors answer JSON. Every `app/routes/api.*.ts` exports both, so Remix never answers for it.
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>) {
  const allowed = Object.keys(handlers);
  const dispatch: ApiHandler = (args) => {
    const method = args.request.method === "HEAD" ? "GET" : args.request.method;
    const handler = handlers[method as ApiMethod];
    return handler ? handler(args) : methodNotAllowed(allowed);
  };
  const answer = (args: LoaderFunctionArgs) => answeringJson(dispatch, args);
  return { loader: answer, action: answer };
}
