import type { NextFunction, Request, Response } from "express";
import compression from "compression";
import Negotiator from "negotiator";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import type { BrotliOptions, ZlibOptions } from "node:zlib";

// What `compression` (1.8) offers and prefers, and how it reads Cache-Control.
const ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const THRESHOLD_BYTES = 1024;
/** Larger answers are streamed by `compression` as before. */
export const WHOLE_BODY_LIMIT_BYTES = 512 * 1024;

type Callback = (error?: Error | null) => void;

/**
 * Compresses an answer handed over whole (`res.end(body)` with nothing written before: a spliced or
 * cached page, `res.send`) in one synchronous call, with the encoding, level and rules of the
 * `compression` middleware mounted before it, which then sees it as already encoded and passes it
 * on. Handing a 100 KB page to zlib's thread pool, as `compression`'s streams do, cost about 2 ms of
 * CPU against 0.7 ms for the same bytes compressed in one call (docs/decisions/0062). Answers
 * written in parts (Remix's documents: no gain measured there), larger than
 * WHOLE_BODY_LIMIT_BYTES, or whose headers were sent first go to `compression` unchanged.
 */
export function wholeBodyCompression(options: ZlibOptions & { brotli: BrotliOptions }) {
  const compress: Record<string, (body: Buffer) => Buffer> = {
    br: (body) => brotliCompressSync(body, options.brotli),
    gzip: (body) => gzipSync(body, options),
    deflate: (body) => deflateSync(body, options),
  };

  /** The encoding `compression` would choose for this answer, or null for none. */
  function encodingFor(req: Request, res: Response, length: number): string | null {
    if (req.method === "HEAD" || length < THRESHOLD_BYTES) return null;
    if (!compression.filter(req, res)) return null;
    if (NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? ""))) return null;
    if ((res.getHeader("Content-Encoding") ?? "identity") !== "identity") return null;
    const method = new Negotiator(req).encoding(ENCODINGS, PREFERRED);
    return method && method !== "identity" && method in compress ? method : null;
  }

  return (req: Request, res: Response, next: NextFunction) => {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let written = false;

    res.write = ((...args: unknown[]) => {
      written = true;
      return write(...args);
    }) as Response["write"];

    res.end = ((...args: unknown[]) => {
      const [chunk, encoding] = args;
      const whole = typeof chunk === "string" || chunk instanceof Uint8Array;
      if (written || res.headersSent || !whole) return end(...args);
      const callback = args.find((arg): arg is Callback => typeof arg === "function");
      const body =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const method =
        body.length <= WHOLE_BODY_LIMIT_BYTES ? encodingFor(req, res, body.length) : null;
      if (!method) return end(body, callback);
      const compressed = compress[method]?.(body) ?? body;
      res.vary("Accept-Encoding");
      res.setHeader("Content-Encoding", method);
      res.setHeader("Content-Length", compressed.length);
      return end(compressed, callback);
    }) as Response["end"];

    next();
  };
}
