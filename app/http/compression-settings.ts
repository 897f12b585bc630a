import { constants } from "node:zlib";

/**
 * The server's compression (app/http/http-app.server.ts; the bench weighs pages with the same
 * level). A signed-in page is about 85 KB of HTML compressed for each request: gzip level 6 and
 * brotli quality 4 (the defaults) cost about twice the CPU of level/quality 3 for 4-10% fewer
 * bytes (docs/decisions/0039).
 */
export const GZIP_LEVEL = 3;
export const BROTLI_QUALITY = 3;
/**
 * Brotli's window, as a power of two: 2^17 = 128 KB, more than a page (the largest, `/`, is 114 KB). The default (22, 4 MB) is
 * allocated and cleared for every response: at the same quality and the same bytes for a page, it
 * made brotli cost 3 times the CPU of gzip (docs/decisions/0039).
 */
export const BROTLI_WINDOW_BITS = 17;
export const COMPRESSION_OPTIONS = {
  level: GZIP_LEVEL,
  brotli: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    },
  },
};
