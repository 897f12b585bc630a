import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { isBonusCodeExpired } from "~/domain/bonus-codes";
import { listBonusCodes } from "~/services/bonus-codes.server";
import { db } from "~/services/db.server";

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("isBonusCodeExpired", () => {
  it("is expired at and after the expiry instant", () => {
    const expiry = "2025-01-31T23:59:59.000Z";
    expect(isBonusCodeExpired(expiry, new Date("2025-01-31T23:59:58.000Z"))).toBe(false);
    expect(isBonusCodeExpired(expiry, new Date(expiry))).toBe(true);
    expect(isBonusCodeExpired("not a date", new Date())).toBe(true);
  });
});

describe("listBonusCodes", () => {
  it("starts with the two seeded codes, both expired", async () => {
    const codes = await listBonusCodes(new Date("2026-11-21T12:00:00.000Z"));
    expect(codes.map((code) => [code.code, code.expired])).toEqual([
      ["GOATEDVIPS25", true],
      ["NEWYEARGOAT", true],
    ]);
    expect(codes[0]).toMatchObject({ value: "$25 Bonus", expiresAt: "2024-12-31T23:59:59.000Z" });
  });

  it("lists a live code first", async () => {
    await db
      .insertInto("bonus_codes")
      .values({
        code: "LIVECODE",
        description: "d",
        value: "$5",
        expires_at: "2027-01-01T00:00:00.000Z",
        created_at: "2026-11-01T00:00:00.000Z",
      })
      .execute();
    const codes = await listBonusCodes(new Date("2026-11-21T12:00:00.000Z"));
    expect(codes[0]).toMatchObject({ code: "LIVECODE", expired: false });
    expect(codes).toHaveLength(3);
  });
});
