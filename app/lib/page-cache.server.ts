import type { NextFunction, Request, Response } from "express";

/**
 * A micro-cache of whole HTML pages for visitors without cookies (no session, no flash toast), so
 * the busiest public page is rendered once per data change instead of once per request
 * (DESIGN.md: /leaderboard at 800 requests/s on 2 cores; a render costs several milliseconds).
 *
 * An entry is used only while `generation()` is unchanged (it moves after every sync) and for at
 * most `ttlMs` (what else the page shows, like "Updated 3 minutes ago", may age that long). Each
 * hit gets the response's own CSP nonce in place of the one it was rendered with. Only 200
 * responses without Set-Cookie are kept, at most `maxEntries` (oldest dropped first).
 */
export function anonymousPageCache({
  paths,
  generation,
  ttlMs = 30_000,
  maxEntries = 500,
  now = () => Date.now(),
}: {
  paths: string[];
  generation: () => number;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  interface Entry {
    generation: number;
    storedAt: number;
    nonce: string;
    contentType: string;
    body: string;
  }
  const cache = new Map<string, Entry>();
  const cached = new Set(paths);

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || !cached.has(req.path) || req.headers.cookie) return next();
    const key = req.originalUrl;
    const nonce = res.locals.cspNonce as string;
    const hit = cache.get(key);
    if (hit && hit.generation === generation() && now() - hit.storedAt < ttlMs) {
      res.status(200).type(hit.contentType).set("X-Page-Cache", "hit");
      res.send(hit.body.replaceAll(hit.nonce, nonce));
      return;
    }
    cache.delete(key);

    const renderedFor = generation();
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown) => {
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== "function") keep(chunk);
      const contentType = String(res.getHeader("Content-Type") ?? "");
      if (
        res.statusCode === 200 &&
        !res.getHeader("Set-Cookie") &&
        contentType.startsWith("text/html") &&
        renderedFor === generation()
      ) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
        cache.set(key, {
          generation: renderedFor,
          storedAt: now(),
          nonce,
          contentType,
          body: Buffer.concat(chunks).toString("utf8"),
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
