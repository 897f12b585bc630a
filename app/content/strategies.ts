import type { Strategy } from "~/domain/strategies";

export const STRATEGIES_INTRO =
  "Bankroll habits, game knowledge and lessons learned by the GoatedVIPs community. No strategy beats the house edge: these help you play longer, calmer and within your limits.";

export const STRATEGIES: readonly Strategy[] = [
  {
    id: "bankroll-units",
    title: "Size every bet in units",
    author: "GoatedVIPs Team",
    category: "fundamentals",
    description:
      "Split your session bankroll into 100 units and never stake more than one or two per bet. A losing streak then costs a session, not a month.",
    votes: 412,
    isPinned: true,
  },
  {
    id: "stop-loss",
    title: "Set a stop-loss and a stop-win before you start",
    author: "GoatedVIPs Team",
    category: "fundamentals",
    description:
      "Decide up front where the session ends, both down and up, and write it down. Walking away at a target is the only way to keep a win.",
    votes: 356,
    isPinned: true,
  },
  {
    id: "house-edge",
    title: "Know the house edge of your game",
    author: "EdgeHunter",
    category: "education",
    description:
      "The edge decides how fast wagering costs you. Compare the published RTP of slots and originals and prefer the low-edge games for wager races.",
    votes: 231,
    isPinned: false,
  },
  {
    id: "race-pacing",
    title: "Pace your wager race volume",
    author: "RaceGoat",
    category: "advanced",
    description:
      "Check the leaderboard gap each day instead of chasing at the end of the month: spreading volume keeps your bet size flat and your edge cost predictable.",
    votes: 188,
    isPinned: false,
  },
  {
    id: "limbo-targets",
    title: "Limbo multipliers and variance",
    author: "LimboLarry",
    category: "advanced",
    description:
      "A 1000x target hits about once in a thousand bets. Budget for at least that many minimum bets before you go for the Limbo challenge.",
    votes: 143,
    isPinned: false,
  },
  {
    id: "tilt",
    title: "How I stopped chasing losses",
    author: "CalmGoat",
    category: "experience",
    description:
      "Three rules that ended my tilt sessions: a timer, no deposits after midnight, and a friend in the Telegram group who asks how it went.",
    votes: 97,
    isPinned: false,
  },
];
