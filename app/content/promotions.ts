import type { Promotion } from "~/domain/promotions";
import { PROVIDER_REFERRAL_URL } from "./links";

/** The weekly race's prizes in dollars for places 1 to 10 (docs/product.md §A2). */
export const WEEKLY_RACE_PRIZES = [5000, 2500, 1000, 500, 350, 250, 150, 125, 75, 50] as const;

export const PROMOTIONS_INTRO =
  "Promotions, bonuses and races from Goated, gathered in one place for our community, plus the extras that come with our VIP partnership when you sign up with code GOATEDVIPS.";

export const PROMOTIONS: readonly Promotion[] = [
  {
    id: "weekly-race",
    title: "$10,000 Weekly Race",
    description:
      "Every wager counts towards the weekly leaderboard. The top ten players share $10,000 when the week closes.",
    imageUrl: "/promotions/weekly-race.svg",
    category: "casino",
    validUntil: "Ongoing",
    isNew: false,
    details: WEEKLY_RACE_PRIZES.map(
      (prize, index) => `Place ${index + 1}: $${prize.toLocaleString("en-US")}`,
    ),
    link: PROVIDER_REFERRAL_URL,
  },
  {
    id: "lunar-challenges",
    title: "[ENDED] Lunar Challenges",
    description:
      "Lunar New Year challenges on selected slots, with a prize for every multiplier target hit.",
    imageUrl: "/promotions/lunar-challenges.svg",
    category: "casino",
    validUntil: "2025-02-12",
    isNew: false,
    details: ["Hit the posted multiplier on the featured slot", "One prize per player per slot"],
    link: PROVIDER_REFERRAL_URL,
  },
  {
    id: "drops-and-wins",
    title: "Drops & Wins",
    description:
      "Random cash drops and weekly tournaments on participating slots, on top of your normal wins.",
    imageUrl: "/promotions/drops-and-wins.svg",
    category: "casino",
    validUntil: "Ongoing",
    isNew: true,
    details: [
      "Daily prize drops on participating slots",
      "Weekly tournaments ranked by win multiplier",
    ],
    link: PROVIDER_REFERRAL_URL,
  },
  {
    id: "slot-challenges",
    title: "VIP Slot Challenges",
    description:
      "Fresh slot challenges every week for VIP players: hit the target multiplier and claim the prize.",
    imageUrl: "/promotions/slot-challenges.svg",
    category: "vip",
    validUntil: "Ongoing",
    isNew: true,
    details: ["New targets every week", "Claim through VIP support with a bet link"],
    link: PROVIDER_REFERRAL_URL,
  },
];
