// Bonus-code rules (issue 16): the form's validation shared by the admin page and the API
// (upper-casing, the allowed characters, UTC dates), the listing order and the notification text.
import { describe, expect, it } from "vitest";
import {
  BONUS_CODE_MESSAGES as M,
  bonusCodeSchema,
  bonusCodeUpdateSchema,
} from "~/domain/bonus-code-form";
import {
  isBonusCodeExpired,
  newBonusCodeNotification,
  orderBonusCodes,
} from "~/domain/bonus-codes";

const valid = {
  code: "goat-25_x",
  description: "  Deposit bonus  ",
  value: "$25 Bonus",
  expiresAt: "2026-12-31T23:59",
};

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = bonusCodeSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
};

describe("bonusCodeSchema", () => {
  it("upper-cases the code, trims the text and reads a datetime-local value as UTC", () => {
    expect(bonusCodeSchema.parse(valid)).toEqual({
      code: "GOAT-25_X",
      description: "Deposit bonus",
      value: "$25 Bonus",
      expiresAt: "2026-12-31T23:59:00.000Z",
    });
    // The API may send any ISO-8601 instant; an offset is turned into UTC.
    expect(
      bonusCodeSchema.parse({ ...valid, expiresAt: "2026-12-31T23:59:00+02:00" }).expiresAt,
    ).toBe("2026-12-31T21:59:00.000Z");
  });

  it("takes only letters, digits, - and _ in a code", () => {
    for (const code of ["GOAT 25", "GOAT!", "GÖAT", "goat.25", "码"]) {
      expect(errorsOf({ ...valid, code }), code).toEqual({ code: M.codeCharacters });
    }
    expect(errorsOf({ ...valid, code: "   " })).toEqual({ code: M.codeRequired });
    expect(errorsOf({ ...valid, code: "A".repeat(41) })).toEqual({ code: M.codeTooLong });
    expect(errorsOf({ ...valid, code: "A".repeat(40) })).toEqual({});
  });

  it("requires a description and a value, without control characters", () => {
    expect(errorsOf({ ...valid, description: "", value: " " })).toEqual({
      description: M.descriptionRequired,
      value: M.valueRequired,
    });
    expect(errorsOf({ ...valid, value: "$25\u0000" })).toEqual({ value: M.controlCharacters });
    expect(errorsOf({ ...valid, value: "$".repeat(61) })).toEqual({ value: M.valueTooLong });
  });

  it("refuses dates that are missing, malformed, impossible or out of range", () => {
    expect(errorsOf({ ...valid, expiresAt: "" })).toEqual({ expiresAt: M.expiryRequired });
    expect(errorsOf({ code: "X", description: "d", value: "v" })).toEqual({
      expiresAt: M.expiryRequired,
    });
    expect(errorsOf({ ...valid, expiresAt: "next friday" })).toEqual({ expiresAt: M.expiryFormat });
    expect(errorsOf({ ...valid, expiresAt: "2026-02-30T10:00" })).toEqual({
      expiresAt: M.expiryCalendar,
    });
    expect(errorsOf({ ...valid, expiresAt: "1999-12-31T10:00" })).toEqual({
      expiresAt: M.expiryYears,
    });
  });

  it("needs the id of the code an update changes", () => {
    const parsed = bonusCodeUpdateSchema.safeParse(valid);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([
      "id is required",
    ]);
    expect(bonusCodeUpdateSchema.parse({ ...valid, id: 3 })).toMatchObject({
      id: 3,
      code: "GOAT-25_X",
    });
  });
});

describe("isBonusCodeExpired", () => {
  it("is expired at and after the expiry instant", () => {
    const expiry = "2025-01-31T23:59:59.000Z";
    expect(isBonusCodeExpired(expiry, new Date("2025-01-31T23:59:58.000Z"))).toBe(false);
    expect(isBonusCodeExpired(expiry, new Date(expiry))).toBe(true);
    expect(isBonusCodeExpired("not a date", new Date())).toBe(true);
  });
});

describe("orderBonusCodes", () => {
  it("lists usable codes soonest-expiring first, then expired ones most recent first", () => {
    const code = (id: number, expiresAt: string, expired: boolean) => ({ id, expiresAt, expired });
    const ordered = orderBonusCodes([
      code(1, "2024-01-01T00:00:00.000Z", true),
      code(2, "2027-06-01T00:00:00.000Z", false),
      code(3, "2025-01-01T00:00:00.000Z", true),
      code(4, "2026-12-01T00:00:00.000Z", false),
      code(5, "2026-12-01T00:00:00.000Z", false),
    ]);
    expect(ordered.map((c) => c.id)).toEqual([4, 5, 2, 3, 1]);
  });
});

describe("newBonusCodeNotification", () => {
  it("names the code, its value and its expiry in UTC", () => {
    expect(
      newBonusCodeNotification({
        code: "GOAT25",
        value: "$25 Bonus",
        expiresAt: "2026-12-31T23:59:00.000Z",
      }),
    ).toEqual({
      title: "New bonus code: GOAT25",
      message: "$25 Bonus, valid until Dec 31, 2026, 23:59 UTC. Find it on the Bonus Codes page.",
    });
  });
});
