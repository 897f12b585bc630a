import { createReadableStreamFromReadable } from "@remix-run/node";
import type { AppLoadContext, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { apiError, INTERNAL_ERROR_MESSAGE } from "./json-api.server";

type RouteHandler = (args: LoaderFunctionArgs) => unknown;

interface ApiRoute {
  /** "/api/users/:id"; the splat route (api.$) is "/api/*". */
  path: string;
  pattern: RegExp;
  paramNames: string[];
  loader?: RouteHandler;
  action?: RouteHandler;
}

/** The methods Remix hands to a resource route (others it refuses itself: left to it). */
const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

/** Static segments outrank dynamic ones, which outrank a splat (Remix's own ranking, reduced). */
const segmentRank = (segment: string) => (segment === "*" ? 2 : segment.startsWith(":") ? 1 : 0);

function moreSpecificFirst(a: ApiRoute, b: ApiRoute) {
  const as = a.path.split("/");
  const bs = b.path.split("/");
  for (let i = 0; i < Math.max(as.length, bs.length); i += 1) {
    const difference = segmentRank(as[i] ?? "") - segmentRank(bs[i] ?? "");
    if (difference !== 0) return difference;
  }
  return 0;
}

function compile(path: string): Pick<ApiRoute, "pattern" | "paramNames"> {
  const paramNames: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      if (segment === "*") {
        paramNames.push("*");
        return "(?:/(.*))?";
      }
      if (segment.startsWith(":")) {
        paramNames.push(segment.slice(1));
        return "/([^/]+)";
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .slice(1)
    .join("");
  return { pattern: new RegExp(`^${source}/*$`, "i"), paramNames };
}

/**
 * The build's `/api/*` resource routes (app/routes/api.*.ts), each with its full path (nested
 * route files join their parents' paths), most specific first.
 */
export function apiRoutesOf(build: ServerBuild): ApiRoute[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const routes: ApiRoute[] = [];
  for (const route of Object.values(build.routes)) {
    const module = route.module as unknown as Record<string, unknown>;
    const path = fullPath(route.id);
    // Resource routes only: a module with a component is a page, which Remix renders.
    if (!/^\/api(\/|$)/.test(path) || module.default !== undefined || route.index) continue;
    routes.push({
      path,
      ...compile(path),
      loader: module.loader as RouteHandler | undefined,
      action: module.action as RouteHandler | undefined,
    });
  }
  return routes.sort(moreSpecificFirst);
}

/**
 * The fetch Request a route module expects, as @remix-run/express builds it (its helpers are not
 * exported): the full URL (port from X-Forwarded-Host or Host), the headers, a streamed body, and
 * a signal aborted when the client goes away before the answer is sent.
 */
function fetchRequestOf(req: Request, res: Response): globalThis.Request {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const forwardedPort = portOf(req.get("X-Forwarded-Host"));
  const hostPort = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwardedPort)
    ? forwardedPort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : null;
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value) headers.set(name, value);
  }
  const controller = new AbortController();
  let answered = false;
  res.on("finish", () => (answered = true));
  res.on("close", () => answered || controller.abort());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new RequestWithSignal(
    url,
    {
      method: req.method,
      headers,
      ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
    } as RequestInit,
    controller.signal,
  );
}

/**
 * A fetch Request whose `signal` is the one given, not a follower of it. Given `init.signal`,
 * undici's Request follows it through a WeakRef and a FinalizationRegistry, which V8 clears
 * only in full collections: every API request's Request, controllers and headers outlived the
 * scavenges and were promoted, lengthening the pauses that are the stats API's slowest answers
 * (docs/decisions/0046). Nothing here fetches with the Request, which is
 * all its own (inner) signal would be used for.
 */
class RequestWithSignal extends globalThis.Request {
  override readonly signal: AbortSignal;

  constructor(url: string, init: RequestInit, signal: AbortSignal) {
    super(url, init);
    // An own property, in front of the prototype's getter.
    this.signal = signal;
  }
}

/**
 * Writes a fetch Response to express's response. The API answers small JSON bodies, so the body is
 * read whole and leaves with its headers in one write, with a Content-Length: @remix-run/express's
 * stream pump sent it chunked, in several writes and a promise per chunk (docs/decisions/0045).
 */
async function send(res: Response, answer: globalThis.Response) {
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers.entries()) res.append(name, value);
  if (answer.body) res.end(Buffer.from(await answer.arrayBuffer()));
  else res.end();
}

function safelyDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Express middleware that answers the JSON API's routes before Remix, with the route modules' own
 * loader and action (the same functions Remix would call: a GET or HEAD goes to the loader, any
 * other method to the action, only the matched route runs, a HEAD answer has no body). Remix
 * would match the path against every page route first, flattening and ranking the whole route
 * tree on each request: most of an API answer's time and garbage (issue 12; docs/decisions/0027).
 * Single-fetch and `?_data` requests, and methods Remix refuses itself, are left to Remix.
 */
export function jsonApiRoutes(
  build: ServerBuild,
  loadContext: (req: Request, res: Response) => AppLoadContext,
) {
  const routes = apiRoutesOf(build);
  return async (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    if (
      !(path === "/api" || path.startsWith("/api/")) ||
      path.endsWith(".data") ||
      !ROUTED_METHODS.has(req.method) ||
      req.query._data !== undefined
    ) {
      return next();
    }
    let params: Record<string, string> = {};
    const route = routes.find((candidate) => {
      const match = candidate.pattern.exec(path);
      if (!match) return false;
      params = Object.fromEntries(
        candidate.paramNames.map((name, i) => [name, safelyDecode(match[i + 1] ?? "")]),
      );
      return true;
    });
    const handler = req.method === "GET" || req.method === "HEAD" ? route?.loader : route?.action;
    if (!handler) return next();
    try {
      const request = fetchRequestOf(req, res);
      const answer = await handler({ request, params, context: loadContext(req, res) });
      if (!(answer instanceof globalThis.Response)) throw new Error("API routes answer Responses");
      await send(
        res,
        req.method === "HEAD"
          ? new globalThis.Response(null, { status: answer.status, headers: answer.headers })
          : answer,
      );
    } catch (thrown) {
      // As Remix does with a resource route: a thrown Response is the answer.
      if (thrown instanceof globalThis.Response) return send(res, thrown);
      console.error(`${req.method} ${path} failed`, thrown);
      await send(res, apiError(500, INTERNAL_ERROR_MESSAGE));
    }
  };
}
