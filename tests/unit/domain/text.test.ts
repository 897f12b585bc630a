import { describe, expect, it } from "vitest";
import { hasControlOrLoneSurrogate } from "~/domain/text";

describe("hasControlOrLoneSurrogate", () => {
  it("finds control characters and lone surrogates", () => {
    for (const text of ["a\u0000b", "\u001b[31m", "del\u007f", "c1\u0085", "x\uD83D", "\uDE00y"]) {
      expect(hasControlOrLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("passes plain text, emoji (a surrogate pair) and accents", () => {
    for (const text of ["Weekend Blitz", "Goat 🐐 race", "Café Ünïcode", ""]) {
      expect(hasControlOrLoneSurrogate(text), text).toBe(false);
    }
  });

  it("lets multi-line fields keep tabs and line breaks, and only those", () => {
    expect(hasControlOrLoneSurrogate("one\r\ntwo\tthree")).toBe(true);
    expect(hasControlOrLoneSurrogate("one\r\ntwo\tthree", { lineBreaks: "allowed" })).toBe(false);
    expect(hasControlOrLoneSurrogate("one\n\u0000", { lineBreaks: "allowed" })).toBe(true);
  });
});
