import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/profile", "/leaderboard?period=weekly&q=goat", "/wager-races#top"])(
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
    "/\\evil.test",
    "/%0d%0aSet-Cookie:x".replace("%0d%0a", "\r\n"),
    "javascript:alert(1)",
  ])("refuses %j", (path) => expect(safeRedirect(path)).toBe("/"));

  it("uses the given fallback", () => expect(safeRedirect("//x", "/profile")).toBe("/profile"));
});
