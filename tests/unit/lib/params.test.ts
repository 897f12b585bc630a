import { describe, expect, it } from "vitest";
import { MAX_ID, parsePositiveId } from "~/lib/params";

describe("parsePositiveId", () => {
  it("takes a positive whole number up to PostgreSQL's integer bound", () => {
    expect(parsePositiveId("1")).toBe(1);
    expect(parsePositiveId("42")).toBe(42);
    expect(parsePositiveId(String(MAX_ID))).toBe(2_147_483_647);
  });

  it.each(["0", "-1", "01", "1e3", "1.5", " 1", "abc", "", "2147483648", "99999999999"])(
    "refuses %j (a 404 or 400, never a query that fails)",
    (value) => {
      expect(parsePositiveId(value)).toBeNull();
    },
  );

  it("refuses what is not text", () => {
    expect(parsePositiveId(null)).toBeNull();
    expect(parsePositiveId(undefined)).toBeNull();
  });
});
