import type { Challenge } from "~/domain/challenges";

export const CHALLENGES: readonly Challenge[] = [
  {
    id: "daily-high-roller",
    title: "Daily High Roller",
    description: "Reach $50,000 in wagers in a single day on Goated.",
    reward: "$45 Bonus",
    category: "Achievement",
    isActive: true,
    isNew: true,
    requiresProof: false,
  },
  {
    id: "limbo-master",
    title: "Limbo Master",
    description: "Hit a 1000x multiplier on Limbo with a minimum bet of $0.10.",
    reward: "$20 Bonus",
    category: "Achievement",
    isActive: true,
    isNew: false,
    requiresProof: true,
    proofInstructions:
      "Share the bet link of your winning bet in the GoatedVIPs Telegram group and tag an admin.",
  },
];
