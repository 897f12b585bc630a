/** The VIP program (docs/product.md §A9): tiers with the XP each level needs, and benefits. */
export const VIP_TIER_NAMES = [
  "Copper",
  "Bronze",
  "Silver",
  "Gold",
  "Platinum",
  "Pearl",
  "Sapphire",
  "Emerald",
  "Diamond",
] as const;
export type VipTierName = (typeof VIP_TIER_NAMES)[number];

export interface VipTier {
  name: VipTierName;
  levels: ReadonlyArray<{ name: string; xp: number }>;
}

function levels(tier: VipTierName, xp: number[]): VipTier {
  return {
    name: tier,
    levels: xp.map((value, index) => ({ name: `${tier} ${index + 1}`, xp: value })),
  };
}

export const VIP_TIERS: readonly VipTier[] = [
  { name: "Copper", levels: [{ name: "Copper", xp: 0 }] },
  levels("Bronze", [1_000, 2_000, 3_000, 4_000]),
  levels("Silver", [10_000, 20_000, 30_000, 40_000]),
  levels("Gold", [100_000, 150_000, 200_000, 250_000]),
  levels("Platinum", [450_000, 600_000, 750_000, 900_000]),
  levels("Pearl", [1_500_000, 1_650_000, 1_800_000, 2_000_000]),
  levels("Sapphire", [3_000_000, 3_750_000, 4_500_000, 5_250_000]),
  levels("Emerald", [7_000_000, 9_000_000, 11_000_000, 13_000_000]),
  levels("Diamond", [20_000_000, 25_000_000, 30_000_000, 35_000_000]),
];

/** Each benefit and the first tier that has it; every tier above keeps it. */
export const VIP_BENEFITS: ReadonlyArray<{ name: string; from: VipTierName }> = [
  { name: "Instant Rakeback", from: "Bronze" },
  { name: "Level Up Bonus", from: "Bronze" },
  { name: "Weekly Bonus", from: "Bronze" },
  { name: "Monthly Bonus", from: "Silver" },
  { name: "Bonus Increase", from: "Silver" },
  { name: "Referral Increase", from: "Gold" },
  { name: "Loss Back Bonus", from: "Gold" },
  { name: "VIP Host", from: "Pearl" },
  { name: "Event Invitations", from: "Emerald" },
];

/** Whether a tier has a benefit that starts at `from`. */
export function tierHasBenefit(tier: VipTierName, from: VipTierName): boolean {
  return VIP_TIER_NAMES.indexOf(tier) >= VIP_TIER_NAMES.indexOf(from);
}

export const VIP_PROGRAM_INTRO =
  "Every dollar you wager at Goated earns XP. XP moves you up nine tiers, each with four levels, and every tier unlocks more rewards, from instant rakeback at Bronze to a personal VIP host at Pearl.";
