import { describe, expect, it } from "vitest";
import { DEMO_REFERRAL_COUNT, demoReferrals } from "~/provider/demo-source.server";

describe("demoReferrals", () => {
  const at = new Date("2026-05-13T15:30:00.000Z");

  it("is deterministic: the same list for the same instant", () => {
    expect(demoReferrals(at)).toEqual(demoReferrals(new Date(at)));
  });

  it("has about 2,000 unique, plausible players with a long tail, mostly zero today", () => {
    const list = demoReferrals(at);
    expect(list).toHaveLength(DEMO_REFERRAL_COUNT);
    expect(new Set(list.map((r) => r.uid)).size).toBe(list.length);
    expect(new Set(list.map((r) => r.name)).size).toBe(list.length);
    const today = list.map((r) => r.wagered.today).sort((a, b) => b - a);
    expect(today.filter((t) => t === 0).length).toBeGreaterThan(list.length / 2);
    const sum = today.reduce((a, b) => a + b, 0);
    // The top 1% wager a large share.
    const top = today.slice(0, 20).reduce((a, b) => a + b, 0);
    expect(top / sum).toBeGreaterThan(0.3);
    for (const { wagered } of list) {
      expect(wagered.today).toBeLessThanOrEqual(wagered.this_week);
      expect(wagered.this_week).toBeLessThanOrEqual(wagered.all_time);
      expect(wagered.this_month).toBeLessThanOrEqual(wagered.all_time);
    }
  });

  it("advances: later in the day nobody has less and somebody has more", () => {
    const earlier = demoReferrals(at);
    const later = demoReferrals(new Date(at.getTime() + 5 * 60_000));
    let grew = 0;
    later.forEach((r, i) => {
      const before = earlier[i];
      if (!before) throw new Error("lists differ in length");
      expect(r.wagered.all_time).toBeGreaterThanOrEqual(before.wagered.all_time);
      if (r.wagered.all_time > before.wagered.all_time) grew += 1;
    });
    expect(grew).toBeGreaterThan(50);
  });
});
