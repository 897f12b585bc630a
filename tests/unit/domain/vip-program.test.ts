import { describe, expect, it } from "vitest";
import { VIP_BENEFITS, VIP_TIERS, tierHasBenefit } from "~/content/vip-program";

describe("VIP program data", () => {
  it("has Copper at 0 and four levels for every other tier, XP rising", () => {
    expect(VIP_TIERS[0]?.levels).toEqual([{ name: "Copper", xp: 0 }]);
    const xp = VIP_TIERS.flatMap((tier) => tier.levels.map((level) => level.xp));
    expect(xp).toHaveLength(33);
    expect([...xp].sort((a, b) => a - b)).toEqual(xp);
    expect(VIP_TIERS.find((tier) => tier.name === "Gold")?.levels.map((l) => l.xp)).toEqual([
      100_000, 150_000, 200_000, 250_000,
    ]);
  });

  it("gives a benefit to its starting tier and every tier above, not below", () => {
    expect(tierHasBenefit("Copper", "Bronze")).toBe(false);
    expect(tierHasBenefit("Bronze", "Bronze")).toBe(true);
    expect(tierHasBenefit("Gold", "Pearl")).toBe(false);
    expect(tierHasBenefit("Diamond", "Emerald")).toBe(true);
    expect(VIP_BENEFITS.find((b) => b.name === "VIP Host")?.from).toBe("Pearl");
  });
});
