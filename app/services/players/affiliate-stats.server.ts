import { gzipSync } from "node:zlib";
import type { AffiliateStatsJson, LeaderboardEntryJson } from "~/domain/api-contract";
import { PERIOD_NAMES } from "~/domain/leaderboard-period";
import { roundToCents } from "~/domain/money";
import { versionedCache } from "~/server/cache.server";
import { db } from "~/services/db.server";
import { periodEntries } from "./player-queries.server";

/** The structured leaderboard response of docs/product.md §P3. */
export type AffiliateStats = AffiliateStatsJson;

/** One serialised answer, and its gzip for the clients that take it (most do). */
export interface SerialisedAnswer {
  json: string;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * The answers for the current data, serialised and compressed, by paging. `version` names the
 * data (the last good sync), so an answer is built once per sync and paging, and a request costs
 * neither serialising nor compressing (the < 10 ms budget).
 */
const answers = versionedCache<Promise<SerialisedAnswer>>({ max: 200 });

export function affiliateStatsAnswer(
  paging: { page: number; limit: number } | null,
  data: { version: string; lastUpdated: string | null },
): Promise<SerialisedAnswer> {
  return answers.get({
    version: data.version,
    key: paging ? `${paging.page}:${paging.limit}` : "all",
    compute: async () => {
      const json = JSON.stringify(await computeAffiliateStats(paging, data.lastUpdated));
      return { json, gzip: new Uint8Array(gzipSync(json)) };
    },
  });
}

async function computeAffiliateStats(
  paging: { page: number; limit: number } | null,
  lastUpdated: string | null,
): Promise<AffiliateStats> {
  const [{ totalUsers }, today, weekly, monthly, allTime] = await Promise.all([
    db
      .selectFrom("players")
      .select((eb) => eb.fn.countAll<number>().as("totalUsers"))
      .executeTakeFirstOrThrow(),
    periodEntries("daily", paging),
    periodEntries("weekly", paging),
    periodEntries("monthly", paging),
    periodEntries("all_time", paging),
  ]);
  const entries = (rows: typeof today) =>
    rows.map((row): LeaderboardEntryJson => ({
      uid: row.uid,
      name: row.name,
      wagered: {
        today: roundToCents(row.today),
        this_week: roundToCents(row.this_week),
        this_month: roundToCents(row.this_month),
        all_time: roundToCents(row.all_time),
      },
      lastUpdate: row.updated_at,
    }));
  const board = (rows: typeof today) => ({ data: entries(rows) });
  return {
    status: "success",
    metadata: { totalUsers, lastUpdated },
    data: {
      [PERIOD_NAMES.daily.apiKey]: board(today),
      [PERIOD_NAMES.weekly.apiKey]: board(weekly),
      [PERIOD_NAMES.monthly.apiKey]: board(monthly),
      [PERIOD_NAMES.all_time.apiKey]: board(allTime),
    },
  };
}
