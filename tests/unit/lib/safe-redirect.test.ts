import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/profile", "/leaderboard?period=weekly&q=goat", "/wager-races#top", "/a%20b"])(
    "keeps the same-site path %s",
    (path) => expect(safeRedirect(path)).toBe(path),
  );

  it.each([
    null,
    undefined,
    "",
    "profile",
    "https://evil.test/",
    "//evil.test/x",
    "//x",
    "/\\x",
    "/\\evil.test",
    "/\t/evil.test",
    "/%09/x",
    "/%09/evil.example",
    "/%2F%2Fx",
    "/%2f%2fx",
    "/%252F%252Fx",
    "/%5Cx",
    "/%5cevil.test",
    "/x\r\nSet-Cookie: a=b",
    "/x%0D%0ASet-Cookie:%20a=b",
    "/x%00",
    "/x\u0085",
    "/%E0%A4%A",
    "/%",
    "/\uD800",
    "javascript:alert(1)",
  ])("refuses %j", (path) => expect(safeRedirect(path)).toBe("/"));

  it("percent-encodes a non-ASCII path, so it can be a Location header", () => {
    const target = safeRedirect("/профиль?q=гоат");
    expect(target).toBe("/%D0%BF%D1%80%D0%BE%D1%84%D0%B8%D0%BB%D1%8C?q=%D0%B3%D0%BE%D0%B0%D1%82");
    expect(() => new Headers({ Location: target })).not.toThrow();
    expect(decodeURIComponent(target)).toBe("/профиль?q=гоат");
  });

  it("keeps an already encoded path as it is", () =>
    expect(safeRedirect("/%D0%BF%D1%80")).toBe("/%D0%BF%D1%80"));

  it("uses the given fallback", () => expect(safeRedirect("//x", "/profile")).toBe("/profile"));
});
