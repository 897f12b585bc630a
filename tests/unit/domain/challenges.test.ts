import { describe, expect, it } from "vitest";
import { CHALLENGES } from "~/content/challenges";
import { challengeSummary, rewardDollars } from "~/domain/challenges";

describe("rewardDollars", () => {
  it("sums every dollar amount in a reward text", () => {
    expect(rewardDollars("$45 Bonus")).toBe(45);
    expect(rewardDollars("$1,000 cash + $2.50 free spins")).toBe(1002.5);
    expect(rewardDollars("Free spins")).toBe(0);
  });
});

describe("challengeSummary", () => {
  it("counts active and new challenges and totals their rewards", () => {
    expect(challengeSummary(CHALLENGES)).toEqual({ active: 2, totalRewards: 65, fresh: 1 });
    expect(challengeSummary([])).toEqual({ active: 0, totalRewards: 0, fresh: 0 });
  });
});
