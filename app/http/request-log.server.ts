import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { pinoHttp, stdSerializers } from "pino-http";
import { logger } from "~/server/logger.server";
import { observeHttpRequest } from "~/server/metrics.server";
import {
  isRequestInFlight,
  requestFinished,
  requestStarted,
} from "~/server/requests-in-flight.server";

/** An incoming X-Request-Id is kept when it looks like an id (a proxy's or a client's trace id). */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The path as the client sent it, without the query (which may carry a token). Not `req.path`: a
 * mounted middleware (express.static under /build) answers with the mount point cut off.
 */
function pathOf(req: IncomingMessage): string {
  const url = (req as ExpressRequest).originalUrl || req.url || "/";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * One JSON log line (pino-http) and the request metrics for every request: method, route pattern,
 * status, duration, request id, the user id when signed in; never headers (so never cookies or
 * tokens). The request id (a sane incoming X-Request-Id, else a new UUID) is echoed in the
 * answer's X-Request-Id. Costs a map entry and one asynchronous log write per request.
 */
export function observeRequests({
  routePattern,
}: {
  /** The route pattern that answers a path (./route-label.server.ts). */
  routePattern: (pathname: string) => string;
}): RequestHandler {
  const routeLabel = (req: IncomingMessage, path: string) => {
    // The express app's own routes (/healthz, /metrics, /readyz); "*" is the Remix handler's.
    const expressPath: unknown = ((req as ExpressRequest).route as { path?: unknown } | undefined)
      ?.path;
    if (typeof expressPath === "string" && expressPath !== "*") return expressPath;
    if (path.startsWith("/build/")) return "/build/*";
    return routePattern(path);
  };

  /** The request's log fields; records its metrics (called once, when the answer ends). */
  const complete = (req: IncomingMessage, res: ServerResponse) => {
    const id = String(req.id);
    const entry = requestFinished(id);
    const durationMs = entry ? performance.now() - entry.startedAt : 0;
    const path = pathOf(req);
    const route = routeLabel(req, path);
    const method = req.method ?? "GET";
    observeHttpRequest(method, route, res.statusCode, durationMs / 1000);
    return {
      method,
      route,
      path,
      status: res.statusCode,
      durationMs: Math.round(durationMs * 10) / 10,
      ...(entry?.userId != null && { userId: entry.userId }),
    };
  };

  return pinoHttp({
    logger,
    // The line's bindings are the request id alone; the fields come from `complete`.
    quietReqLogger: true,
    quietResLogger: true,
    // Used as given (not wrapped around pino-http's own, which copy every header first).
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined, err: stdSerializers.err },
    genReqId(req, res) {
      const incoming = req.headers["x-request-id"];
      const id =
        typeof incoming === "string" &&
        SANE_REQUEST_ID.test(incoming) &&
        !isRequestInFlight(incoming)
          ? incoming
          : randomUUID();
      requestStarted(id);
      req.headers["x-request-id"] = id;
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: () => "request completed",
    customErrorMessage: () => "request failed",
    customSuccessObject: (req, res) => complete(req, res),
    customErrorObject: (req, res, error) => ({ ...complete(req, res), err: error }),
  });
}
