import type { NextFunction, Request, Response } from "express";
import { versionedCache } from "~/server/cache.server";

/**
 * The header by which a route says its page depends on nothing but the URL for a visitor without
 * cookies or credentials (a route's `headers` export sends URL_ONLY_PAGE_HEADERS). The page cache
 * stores only such pages, and takes the header off before it leaves the server.
 */
export const PAGE_CACHE_SCOPE_HEADER = "X-Page-Cache-Scope";
export const URL_ONLY_PAGE_HEADERS = { [PAGE_CACHE_SCOPE_HEADER]: "url" } as const;
/**
 * The stronger promise: for a signed-in user too, only the site's frame (the root loader's user and
 * toast) differs from the visitor's page; app/http/signed-in-documents.server.ts then sends signed-in
 * users the visitor's page with the frame's parts replaced. Implies URL_ONLY_PAGE_HEADERS.
 */
export const SHELL_ONLY_USER_PAGE_HEADERS = { [PAGE_CACHE_SCOPE_HEADER]: "url, shell" } as const;
/**
 * For a signed-in user, the page differs from one rendered for nobody only in the site's frame and
 * in its routes' loader data: the route reads the user (and anything else of the request but the
 * URL) in its loaders alone, never in its components, and its loaders write nothing (they may run
 * twice for a request that ends rendered in full). app/http/signed-in-documents.server.ts then
 * sends members the page rendered without credentials for the same loader data, with their frame.
 * Says nothing of visitors: such a page may read a cookie, the clock or an admin's latest edit,
 * and the visitor page cache does not keep it (docs/decisions/0112).
 */
export const MEMBER_DATA_PAGE_HEADERS = { [PAGE_CACHE_SCOPE_HEADER]: "shell, data" } as const;
const URL_ONLY_SCOPES: unknown[] = [
  URL_ONLY_PAGE_HEADERS[PAGE_CACHE_SCOPE_HEADER],
  SHELL_ONLY_USER_PAGE_HEADERS[PAGE_CACHE_SCOPE_HEADER],
];

/**
 * A micro-cache of whole HTML pages for visitors without cookies or an Authorization header (no
 * session, no Bearer token, no flash toast), so the busiest public page is rendered once per data
 * change instead of once per request (DESIGN.md: /leaderboard at 800 requests/s on 2 cores; a
 * render costs several milliseconds; docs/decisions/0006).
 *
 * Opt-in by the app: only 200 HTML responses marked with URL_ONLY_PAGE_HEADERS, without
 * Set-Cookie and not `private`/`no-store`, are kept, at most `maxEntries` (the least recently used dropped first).
 * A request with a Cookie or Authorization header is never served from the cache nor stored.
 * An entry is used only while `generation()` is unchanged (it moves after every sync) and for at
 * most `ttlMs` (what else the page shows, like "Updated 3 minutes ago", may age that long). Each
 * hit gets the response's own CSP nonce in place of the one it was rendered with.
 */
export function anonymousPageCache({
  generation,
  ttlMs = 30_000,
  maxEntries = 500,
  now = () => Date.now(),
}: {
  generation: () => number;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const pages = versionedCache<{ nonce: string; contentType: string; body: string }>({
    max: maxEntries,
    ttlMs,
    now,
  });

  return (req: Request, res: Response, next: NextFunction) => {
    // The mark is for this middleware only; whoever the page was rendered for, it is taken off.
    let markedUrlOnly = false;
    const isMarked = () =>
      markedUrlOnly || URL_ONLY_SCOPES.includes(res.getHeader(PAGE_CACHE_SCOPE_HEADER));
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      markedUrlOnly = isMarked();
      res.removeHeader(PAGE_CACHE_SCOPE_HEADER);
      return writeHead(...args);
    }) as Response["writeHead"];

    const anonymous = req.headers.cookie === undefined && req.headers.authorization === undefined;
    if (req.method !== "GET" || !anonymous) return next();
    const key = req.originalUrl;
    const nonce = res.locals.cspNonce as string;
    const hit = pages.peek({ version: generation(), key });
    if (hit) {
      res.status(200).type(hit.contentType).set("X-Page-Cache", "hit");
      res.send(hit.body.replaceAll(hit.nonce, nonce));
      return;
    }

    const renderedFor = generation();
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown) => {
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (isMarked()) keep(chunk);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== "function" && isMarked()) keep(chunk);
      const contentType = String(res.getHeader("Content-Type") ?? "");
      if (
        isMarked() &&
        res.statusCode === 200 &&
        !res.hasHeader("Set-Cookie") &&
        !/\b(private|no-store)\b/i.test(String(res.getHeader("Cache-Control") ?? "")) &&
        contentType.startsWith("text/html") &&
        renderedFor === generation()
      ) {
        pages.set({
          version: renderedFor,
          key,
          value: { nonce, contentType, body: Buffer.concat(chunks).toString("utf8") },
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
