import type { LeaderboardSnapshot, RankedPlayer } from "~/domain/leaderboard";
import { roundToCents } from "~/domain/money";
import { versionedCache } from "~/server/cache.server";
import { playerNamesVersion } from "./player-names.server";
import { leaderboardSummary } from "./player-queries.server";
import { lastSuccessfulSync } from "~/services/operations/sync-runs.server";

/**
 * The snapshot of the data of one successful sync: players change only when a sync stores them,
 * and its summary (four top 10s, the sum and counts over every player) cost the home page more
 * than its render.
 */
const snapshots = versionedCache<Promise<LeaderboardSnapshot>>({ max: 1 });

/** The top 10s, totals and data time the live sections show and the socket pushes. */
export async function leaderboardSnapshot(): Promise<LeaderboardSnapshot> {
  const lastSuccess = await lastSuccessfulSync();
  return snapshots.get({
    // Its names are as the masking setting says (docs/decisions/0081).
    version: `${lastSuccess?.id ?? 0}.${playerNamesVersion()}`,
    key: "top 10",
    compute: async () => {
      const { top, ...totals } = await leaderboardSummary(10);
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
        lastUpdated: lastSuccess?.finished_at ?? null,
      };
    },
  });
}
