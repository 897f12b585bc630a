/**
 * VIP ranks from a player's all-time wagered dollars (docs/product.md §P4 "Rank" and §P9). Shared by
 * the leaderboard badges, the profile, the rank widget and the shell.
 */
export const RANKS = [
  { name: "COPPER", threshold: 0 },
  { name: "BRONZE", threshold: 10_000 },
  { name: "SILVER", threshold: 40_000 },
  { name: "GOLD", threshold: 100_000 },
  { name: "PLATINUM", threshold: 450_000 },
  { name: "PEARL", threshold: 1_500_000 },
  { name: "SAPPHIRE", threshold: 3_000_000 },
  { name: "EMERALD", threshold: 7_000_000 },
  { name: "DIAMOND", threshold: 20_000_000 },
] as const;

export type Rank = (typeof RANKS)[number];
export type RankName = Rank["name"];

export interface RankProgress {
  current: Rank;
  /** The rank after `current`; DIAMOND is its own next. */
  next: Rank;
  /** 0 to 100. */
  percent: number;
  /** Dollars still to wager to reach `next`; 0 at DIAMOND. */
  remaining: number;
}

/** The highest rank whose threshold is at or below the amount; below BRONZE (or not a number) COPPER. */
export function rankFor(wagered: number): Rank {
  const amount = Number.isFinite(wagered) ? wagered : 0;
  let found: Rank = RANKS[0];
  for (const rank of RANKS) {
    if (amount >= rank.threshold) found = rank;
  }
  return found;
}

/** Progress from the current rank's threshold to the next one's, clamped to 0..100. */
export function rankProgress(wagered: number): RankProgress {
  const amount = Number.isFinite(wagered) ? wagered : 0;
  const current = rankFor(amount);
  const index = RANKS.indexOf(current);
  const next: Rank = RANKS[index + 1] ?? current;
  if (next === current) return { current, next, percent: 100, remaining: 0 };
  const span = next.threshold - current.threshold;
  const percent = Math.min(100, Math.max(0, ((amount - current.threshold) / span) * 100));
  return { current, next, percent, remaining: Math.max(0, next.threshold - amount) };
}

/** A progress percent as shown beside the ring: whole percents, never rounded up to a rank not reached. */
export function formatRankPercent(percent: number): string {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  return `${Math.floor(clamped)}%`;
}
