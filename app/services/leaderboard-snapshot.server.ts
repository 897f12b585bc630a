import type { LeaderboardSnapshot, RankedPlayer } from "~/domain/leaderboard";
import { roundToCents } from "~/domain/money";
import { leaderboardSummary } from "./player-queries.server";
import { syncStatus } from "./sync-runs.server";

/** The top 10s, totals and data time the live sections show and the socket pushes. */
export async function leaderboardSnapshot(): Promise<LeaderboardSnapshot> {
  const [{ top, ...totals }, status] = await Promise.all([leaderboardSummary(10), syncStatus()]);
  // Pushed as JSON on /ws/leaderboard too: amounts in cents, like every API answer.
  const inCents = (players: RankedPlayer[]) =>
    players.map((p) => ({
      ...p,
      wagered: roundToCents(p.wagered),
      allTime: roundToCents(p.allTime),
    }));
  return {
    top: {
      daily: inCents(top.daily),
      weekly: inCents(top.weekly),
      monthly: inCents(top.monthly),
      all_time: inCents(top.all_time),
    },
    totalWagered: roundToCents(totals.totalWagered),
    activeByPeriod: totals.activeByPeriod,
    lastUpdated: status.lastSuccess?.finished_at ?? null,
  };
}
