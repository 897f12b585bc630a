import type { LoaderFunctionArgs } from "@remix-run/node";

/** A route module's loader or action, called as Remix calls it. */
export type RouteHandler = (args: LoaderFunctionArgs) => Promise<unknown>;

/** What Remix would send: a Response (returned or thrown), or data() with its status. */
export interface RouteAnswer {
  status: number;
  /** The Response, when the handler answered (or threw) one. */
  response: Response | null;
  /** The data of data() or of a plain object. */
  data: unknown;
}

export async function routeAnswer(
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteAnswer> {
  const result = await handler({
    request,
    params,
    context: { cspNonce: "", clientIp: "127.0.0.1" },
  }).catch((thrown: unknown) => thrown);
  if (result instanceof Response)
    return { status: result.status, response: result, data: undefined };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init: { status?: number } | null };
    return { status: init?.status ?? 200, response: null, data };
  }
  return { status: 200, response: null, data: result };
}
