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
/** Larger answers (or any written in parts past this) are streamed by `compression` as before. */
export const WHOLE_BODY_LIMIT_BYTES = 512 * 1024;

type Chunk = string | Buffer | Uint8Array;
type Callback = (error?: Error | null) => void;

const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

/**
 * Compresses an answer whose body is known whole (a page: the document as one buffer, a spliced or
 * cached page) in one synchronous call, with the encoding, level and rules of the `compression`
 * middleware mounted before it, which then sees it as already encoded and passes it on. Handing a
 * 100 KB page to zlib's thread pool, as `compression`'s streams do, cost about 2 ms of CPU against
 * 0.7 ms for the same bytes compressed in one call (docs/decisions/0062). Answers sent in parts
 * larger than WHOLE_BODY_LIMIT_BYTES, or whose headers are sent before the body ends (streams),
 * pass through to `compression` unchanged.
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
    const write = res.write.bind(res) as (chunk: Chunk, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let held: Buffer[] = [];
    let heldBytes = 0;
    let passing = false;

    /** From here on every call goes straight to `compression`, what was held first. */
    function passOn() {
      passing = true;
      for (const chunk of held) write(chunk);
      held = [];
    }

    res.write = ((chunk: Chunk, ...rest: unknown[]) => {
      const callback = rest.find((arg): arg is Callback => typeof arg === "function");
      const encoding = typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : undefined;
      if (!passing) {
        const bytes = toBuffer(chunk, encoding);
        if (!res.headersSent && heldBytes + bytes.length <= WHOLE_BODY_LIMIT_BYTES) {
          held.push(bytes);
          heldBytes += bytes.length;
          if (callback) process.nextTick(callback);
          return true;
        }
        passOn();
      }
      return write(chunk, ...rest);
    }) as Response["write"];

    res.end = ((...args: unknown[]) => {
      if (passing || res.headersSent) {
        passOn();
        return end(...args);
      }
      const callback = args.find((arg): arg is Callback => typeof arg === "function");
      const [chunk, encoding] = args;
      const last =
        typeof chunk === "string" || chunk instanceof Uint8Array
          ? toBuffer(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined)
          : null;
      const body = last ? Buffer.concat([...held, last]) : Buffer.concat(held);
      held = [];
      passing = true;
      const method = encodingFor(req, res, body.length);
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
