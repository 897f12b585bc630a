import type { z } from "zod";

/** JSON bodies of the API are small; anything bigger is refused before it is read. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

/**
 * A JSON answer of an API resource route. Resource routes answer Responses (Remix's `data()`
 * keeps its status only in page routes).
 */
export function jsonResponse(body: unknown, init?: ResponseInit): Response {
  return Response.json(body, init);
}

/** A JSON API error: `{message, errors?}` with a 4xx status. */
export function apiError(
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  headers?: HeadersInit,
) {
  return jsonResponse(errors ? { message, errors } : { message }, { status, headers });
}

/**
 * The request's JSON object body. Throws a 4xx answer for a wrong content type (415), a body
 * over the limit (413), malformed JSON or anything but an object (400).
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw apiError(415, "Send a JSON body with Content-Type: application/json");
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_JSON_BODY_BYTES) throw apiError(413, "Request body is too large");
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) {
    throw apiError(413, "Request body is too large");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw apiError(400, "Malformed JSON");
  }
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

/** Only a route's listed methods are allowed; others get 405. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, `Method not allowed; use ${allowed.join(" or ")}`, undefined, {
    Allow: allowed.join(", "),
  });
}
