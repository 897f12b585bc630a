import type { Server } from "node:http";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { COMPRESSION_OPTIONS } from "~/http/compression-settings";
import { WHOLE_BODY_LIMIT_BYTES, wholeBodyCompression } from "~/http/whole-body-compression.server";

// A page-sized document (~100 KB) with a character outside Latin-1, as the site's pages have.
const page = Array.from(
  { length: 1_200 },
  (_, i) => `<tr><td>${i + 1}</td><td>player_${(i * 7919) % 10_007} — </td><td>$${i}.50</td></tr>`,
).join("");

let server: Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(compression(COMPRESSION_OPTIONS));
  app.use(wholeBodyCompression(COMPRESSION_OPTIONS));
  app.get("/sent", (_req, res) => {
    res.type("html").send(page);
  });
  // As @remix-run/express writes a document: its buffer, then end().
  app.get("/written", (_req, res) => {
    res.type("html");
    res.write(Buffer.from(page));
    res.end();
  });
  app.get("/no-transform", (_req, res) => {
    res.set("Cache-Control", "no-transform").type("html").send(page);
  });
  app.get("/large", (_req, res) => {
    res.type("html").send(page.repeat(Math.ceil(WHOLE_BODY_LIMIT_BYTES / page.length) + 1));
  });
  app.get("/image", (_req, res) => {
    res.type("png").send(Buffer.alloc(50_000, 7));
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The raw answer (not decoded), as a client asking with `acceptEncoding` gets it. */
function get(path: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          port,
          path,
          method,
          headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

describe("whole-body compression", () => {
  it("compresses a page handed over whole in one call, not through a zlib stream", async () => {
    const streams = vi.spyOn(zlib, "createGzip");
    const { headers, body } = await get("/sent", "gzip, deflate");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers.vary).toBe("Accept-Encoding");
    expect(Number(headers["content-length"])).toBe(body.length);
    // The bytes compression's own stream sent before: the same level, the same output.
    expect(body.equals(zlib.gzipSync(Buffer.from(page), COMPRESSION_OPTIONS))).toBe(true);
    expect(zlib.gunzipSync(body).toString()).toBe(page);
    expect(streams).not.toHaveBeenCalled();
  });

  it("chooses the encoding compression chooses: brotli for browsers, deflate, or none", async () => {
    const browser = await get("/sent", "gzip, deflate, br, zstd");
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(browser.body).toString()).toBe(page);
    const deflate = await get("/sent", "deflate");
    expect(deflate.headers["content-encoding"]).toBe("deflate");
    expect(zlib.inflateSync(deflate.body).toString()).toBe(page);
    const gzipPreferred = await get("/sent", "br;q=0.5, gzip");
    expect(gzipPreferred.headers["content-encoding"]).toBe("gzip");
    for (const acceptEncoding of [undefined, "identity", "zstd"]) {
      const plain = await get("/sent", acceptEncoding);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(page);
    }
  });

  it("leaves what compression leaves alone: no-transform, images, HEAD", async () => {
    const noTransform = await get("/no-transform", "gzip");
    expect(noTransform.headers["content-encoding"]).toBeUndefined();
    expect(noTransform.body.toString()).toBe(page);
    const image = await get("/image", "gzip");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.body.length).toBe(50_000);
    const head = await get("/sent", "gzip", "HEAD");
    expect(head.body.length).toBe(0);
  });

  it("hands an answer written in parts or larger than the limit to compression's stream", async () => {
    const streams = vi.spyOn(zlib, "createGzip");
    const written = await get("/written", "gzip");
    expect(written.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(written.body).toString()).toBe(page);
    const large = await get("/large", "gzip");
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(large.body).length).toBeGreaterThan(WHOLE_BODY_LIMIT_BYTES);
    expect(streams).toHaveBeenCalledTimes(2);
  });
});
