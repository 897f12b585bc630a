import { describe, expect, it } from "vitest";
import { parseReferralPayload } from "~/provider/payload.server";
import { loadFixture } from "../../fake-provider/server";

describe("parseReferralPayload", () => {
  it("normalises the fixture: skips entries without a uid, fills names and wagers", async () => {
    const parsed = parseReferralPayload(loadFixture());
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.skipped).toBe(2); // no uid, and an empty uid
    const byUid = new Map(parsed.referrals.map((r) => [r.uid, r]));
    expect(byUid.get("fp-noname")?.name).toBe("Unknown Player");
    expect(byUid.get("fp-nowager")?.wagered).toEqual({
      today: 0,
      this_week: 0,
      this_month: 0,
      all_time: 0,
    });
    expect(byUid.get("fp-strings")?.wagered).toEqual({
      today: 12.5,
      this_week: 0,
      this_month: 0,
      all_time: 1000.25,
    });
    expect(byUid.get("fp-partial")?.wagered).toEqual({
      today: 0,
      this_week: 0,
      this_month: 0,
      all_time: 77.7,
    });
    // Long decimals are kept as the provider sent them.
    expect(byUid.get("fp-live")?.wagered.all_time).toBe(2500000.987654321);
    expect(parsed.referrals).toHaveLength(loadFixture().data.length - 2);
  });

  it("turns numeric uids into strings, keeps the last of a duplicated uid, and zeroes bad numbers", async () => {
    const parsed = parseReferralPayload({
      success: true,
      data: [
        { uid: 42, name: "  Numeric  ", wagered: { today: -5, this_week: "NaN", all_time: 1e3 } },
        { uid: "dup", name: "First", wagered: { today: 1 } },
        { uid: "dup", name: "Second", wagered: { today: 2 } },
        null,
        "not an entry",
        { uid: "x", name: 7, wagered: "lots" },
      ],
    });
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.referrals).toEqual([
      {
        uid: "42",
        name: "Numeric",
        wagered: { today: 0, this_week: 0, this_month: 0, all_time: 1000 },
      },
      {
        uid: "dup",
        name: "Second",
        wagered: { today: 2, this_week: 0, this_month: 0, all_time: 0 },
      },
      {
        uid: "x",
        name: "Unknown Player",
        wagered: { today: 0, this_week: 0, this_month: 0, all_time: 0 },
      },
    ]);
    expect(parsed.skipped).toBe(3); // the duplicate, null and the string
  });

  it.each([
    ["a body that is not an object", "nope"],
    ["success false", { success: false, data: [] }],
    ["data that is not a list", { success: true, data: { rows: [] } }],
    ["no data at all", { success: true }],
  ])("refuses %s", async (_label, body) => {
    expect(parseReferralPayload(body)).toEqual({
      ok: false,
      error: "Invalid API response structure",
    });
  });
});
