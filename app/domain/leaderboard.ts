import type { LeaderboardPeriod } from "./leaderboard-period";
import { formatCount } from "./money";

/** A player as a leaderboard shows them: the period's total, and all-time for the tier badge. */
export interface RankedPlayer {
  /** Position in the whole period (not on the page). */
  rank: number;
  uid: string;
  name: string;
  /** Dollars wagered in the period. */
  wagered: number;
  allTime: number;
  /** When any of the player's totals last changed (the MVP pulse). */
  wagerChangedAt: string;
}

/**
 * What the live parts of the site show, rendered by the server and pushed over /ws/leaderboard
 * after every sync that changed data (kept small: a page never needs the full list).
 */
export interface LeaderboardSnapshot {
  /** The top 10 of each period; the first is the period's MVP. */
  top: Record<LeaderboardPeriod, RankedPlayer[]>;
  /** Sum of every player's all-time total. */
  totalWagered: number;
  /** Players with a non-zero total, per period. */
  activeByPeriod: Record<LeaderboardPeriod, number>;
  /** When the last good sync finished; null before the first. */
  lastUpdated: string | null;
}

/**
 * The leaderboard's player count (docs/product.md §P2): "Total players: 1,309", and during a
 * search "49 matches of 1,309 players" ("1,000+ matches" when the count stopped early).
 */
export function playerCountText({
  searching,
  matches,
  periodPlayers,
  countCapped = false,
}: {
  searching: boolean;
  matches: number;
  periodPlayers: number;
  countCapped?: boolean;
}): string {
  if (!searching) return `Total players: ${formatCount(periodPlayers)}`;
  const found = `${formatCount(matches)}${countCapped ? "+" : ""}`;
  const noun = matches === 1 && !countCapped ? "match" : "matches";
  return `${found} ${noun} of ${formatCount(periodPlayers)} ${periodPlayers === 1 ? "player" : "players"}`;
}

/** Rows per leaderboard page (docs/product.md §P2). */
export const LEADERBOARD_PAGE_SIZE = 10;

/** The MVP pulse shows for this long after an MVP's totals changed (docs/product.md §P2). */
export const MVP_PULSE_MS = 10_000;

/** Whether an MVP whose totals changed at `changedAt` still pulses at `now`. */
export function mvpPulsing(changedAt: string, now: Date): boolean {
  const elapsed = now.getTime() - Date.parse(changedAt);
  return elapsed >= 0 && elapsed < MVP_PULSE_MS;
}

/** The periods whose top player the home page shows as an MVP. */
export const MVP_PERIOD_KEYS = ["daily", "weekly", "monthly"] as const;
export type MvpPeriod = (typeof MVP_PERIOD_KEYS)[number];

/** Each period's MVP change time while it still pulses at `now`, else null. */
export function mvpPulses(
  top: LeaderboardSnapshot["top"],
  now: Date,
): Record<MvpPeriod, string | null> {
  const pulse = (period: MvpPeriod) => {
    const changedAt = top[period][0]?.wagerChangedAt ?? null;
    return changedAt && mvpPulsing(changedAt, now) ? changedAt : null;
  };
  return { daily: pulse("daily"), weekly: pulse("weekly"), monthly: pulse("monthly") };
}
