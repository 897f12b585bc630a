import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BROTLI_QUALITY, COMPRESSION_OPTIONS } from "~/http/compression-settings";

// A page-sized document: repeated rows, as the leaderboard's are (~100 KB).
const page = Buffer.from(
  Array.from(
    { length: 1_000 },
    (_, i) =>
      `<tr><td>${i + 1}</td><td>player_${(i * 7919) % 10_007}</td><td>$${i * 31}.50</td></tr>`,
  ).join(""),
);

describe("compression settings", () => {
  it("gives brotli a window a page fits in, not the 4 MB default allocated for every response", () => {
    const { params } = COMPRESSION_OPTIONS.brotli;
    expect(params[constants.BROTLI_PARAM_LGWIN]).toBeLessThanOrEqual(17);
    // The smaller window costs a page nothing: the same bytes as the default window.
    const smaller = brotliCompressSync(page, { params });
    const defaultWindow = brotliCompressSync(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    });
    expect(page.length).toBeLessThan(2 ** 17);
    expect(smaller.length).toBe(defaultWindow.length);
    expect(brotliDecompressSync(smaller).equals(page)).toBe(true);
  });
});
