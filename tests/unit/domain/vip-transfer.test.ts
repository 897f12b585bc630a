import { describe, expect, it } from "vitest";
import { TRANSFER_TIERS } from "~/content/vip-transfer";
import { DEFAULT_HOUSE_EDGE_PERCENT, vipTransferBonus } from "~/domain/vip-transfer";

describe("vipTransferBonus", () => {
  it("is wager × (edge / 0.04) × 0.015 with the edge in percent", () => {
    expect(vipTransferBonus(10_000, 1.5)).toBeCloseTo(56.25, 10);
    expect(vipTransferBonus(10_000, 4)).toBeCloseTo(150, 10);
    expect(vipTransferBonus(0)).toBe(0);
    expect(DEFAULT_HOUSE_EDGE_PERCENT).toBe(1.5);
  });

  it.each(TRANSFER_TIERS.map((tier) => [tier.requirement, tier.bonus] as const))(
    "at the default edge the requirement %d gives about the table's bonus %d",
    (requirement, bonus) => {
      const computed = vipTransferBonus(requirement);
      // The table rounds down to a friendly figure: at most 2.5% below the formula.
      expect(Math.abs(computed - bonus) / bonus).toBeLessThanOrEqual(0.025);
      expect(computed).toBeGreaterThanOrEqual(bonus);
    },
  );
});
