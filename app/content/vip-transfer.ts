/** A VIP-transfer tier (docs/product.md §P3, §P9): what a player wagered elsewhere and what they get here. */
export interface TransferTier {
  /** Dollars wagered at another casino. */
  wageredElsewhere: number;
  /** Dollars to wager at Goated within the first 30 days. */
  requirement: number;
  /** Approximate cash bonus in dollars, at a 1.5% house edge. */
  bonus: number;
  level: string;
}

export const TRANSFER_TIERS: readonly TransferTier[] = [
  { wageredElsewhere: 100_000, requirement: 10_000, bonus: 55, level: "Gold 1" },
  { wageredElsewhere: 450_000, requirement: 50_000, bonus: 280, level: "Platinum 1" },
  { wageredElsewhere: 1_300_000, requirement: 120_000, bonus: 675, level: "Pearl 1" },
  { wageredElsewhere: 3_000_000, requirement: 250_000, bonus: 1_400, level: "Sapphire 1" },
  { wageredElsewhere: 7_000_000, requirement: 500_000, bonus: 2_800, level: "Emerald 1" },
  { wageredElsewhere: 20_000_000, requirement: 1_000_000, bonus: 5_625, level: "Diamond 1" },
];

export const VIP_TRANSFER_INTRO =
  "Already a VIP at another casino? Bring your status to Goated. Show what you have wagered elsewhere, meet a wager requirement here, and start at a matching VIP level with a cash bonus on top.";

export const VIP_TRANSFER_FORMULA =
  "Cash bonus = wager × (game edge / 0.04) × 0.015. The table's bonuses assume a 1.5% house edge; games with a higher edge pay more, games with a lower edge less.";

export const VIP_TRANSFER_ELIGIBILITY = [
  "The offer is for Goated accounts younger than 40 days.",
  "The wager requirement must be met within the first 30 days of the account.",
  "Contact VIP support on Telegram with proof of your wagering elsewhere to start the transfer.",
] as const;
