import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** What every answer rendered for a user says to caches between the server and the browser. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Whether a request names a user: any Authorization header (a Bearer session token) or the
 * session cookie. Checked on the header alone, so a token that turns out dead still counts.
 */
export function carriesCredentials(headers: IncomingHttpHeaders, sessionCookieName: string) {
  if (headers.authorization !== undefined) return true;
  const prefix = `${sessionCookieName}=`;
  return (headers.cookie ?? "").split(";").some((pair) => pair.trimStart().startsWith(prefix));
}

/**
 * Express middleware in front of every page, data request (`?_data=`) and API route: an answer to
 * a request that carries credentials, or one that sets a cookie, goes out `private, no-store`
 * whatever the route said, so no proxy or shared cache keeps one user's answer for another.
 * Applied as the headers are written, after the route has set its own.
 */
export function privateAnswersForUsers(sessionCookieName: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const forUser = carriesCredentials(req.headers, sessionCookieName);
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      if (forUser || res.hasHeader("Set-Cookie")) {
        res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      }
      return writeHead(...args);
    }) as Response["writeHead"];
    next();
  };
}
