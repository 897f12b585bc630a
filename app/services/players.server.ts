import { sql } from "kysely";
import { LEADERBOARD_PAGE_SIZE } from "~/domain/leaderboard";
import type { LeaderboardSnapshot, RankedPlayer } from "~/domain/leaderboard";
import type { LeaderboardPeriod } from "~/domain/leaderboard-period";
import { LEADERBOARD_PERIODS } from "~/domain/leaderboard-period";
import { likeContains, LIKE_ESCAPE } from "~/domain/like-pattern";
import type { Referral, ReferralTotals } from "~/provider/referrals";
import { db } from "./db.server";
import { syncStatus } from "./sync-runs.server";

/** The players column that holds each period's total (the provider's names). */
export const PERIOD_COLUMN = {
  daily: "today",
  weekly: "this_week",
  monthly: "this_month",
  all_time: "all_time",
} as const satisfies Record<LeaderboardPeriod, keyof ReferralTotals>;

const TOTAL_COLUMNS = ["today", "this_week", "this_month", "all_time"] as const;
/** Rows per multi-row statement: 9 bound values each stays well under SQLite's 32,766. */
const WRITE_CHUNK = 1000;

export interface StoreResult {
  /** Players inserted, or whose name or totals differ from what was stored. */
  changed: number;
  /** Snapshot rows appended (new all-time totals). */
  snapshots: number;
}

/**
 * Stores one sync's referrals in one transaction. Rows that did not change are not rewritten.
 * `wager_changed_at` moves only when a total moved; a snapshot of the all-time total is appended
 * only when it changed (a new player's first non-zero total included; a missing snapshot means 0).
 * Players absent from the payload keep their last known totals. A real (non-demo) store removes
 * the demo rows, so the first good provider sync replaces the demo data.
 */
export async function storeReferrals(
  referrals: Referral[],
  { now, isDemo }: { now: Date; isDemo: boolean },
): Promise<StoreResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if (!isDemo) await trx.deleteFrom("players").where("is_demo", "=", 1).execute();
    const stored = new Map(
      (
        await trx
          .selectFrom("players")
          .select(["uid", "name", ...TOTAL_COLUMNS, "wager_changed_at"])
          .execute()
      ).map((row) => [row.uid, row]),
    );

    const writes = [];
    const snapshots = [];
    for (const { uid, name, wagered } of referrals) {
      const before = stored.get(uid);
      const totalsChanged =
        !before || TOTAL_COLUMNS.some((column) => before[column] !== wagered[column]);
      if (!totalsChanged && before.name === name) continue;
      writes.push({
        uid,
        name,
        ...wagered,
        is_demo: isDemo ? 1 : 0,
        updated_at: at,
        wager_changed_at: totalsChanged ? at : before.wager_changed_at,
      });
      if ((before?.all_time ?? 0) !== wagered.all_time) {
        snapshots.push({ uid, taken_at: at, all_time: wagered.all_time });
      }
    }

    for (let i = 0; i < writes.length; i += WRITE_CHUNK) {
      await trx
        .insertInto("players")
        .values(writes.slice(i, i + WRITE_CHUNK))
        .onConflict((conflict) =>
          conflict.column("uid").doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            today: eb.ref("excluded.today"),
            this_week: eb.ref("excluded.this_week"),
            this_month: eb.ref("excluded.this_month"),
            all_time: eb.ref("excluded.all_time"),
            is_demo: eb.ref("excluded.is_demo"),
            updated_at: eb.ref("excluded.updated_at"),
            wager_changed_at: eb.ref("excluded.wager_changed_at"),
          })),
        )
        .execute();
    }
    for (let i = 0; i < snapshots.length; i += WRITE_CHUNK) {
      await trx
        .insertInto("wager_snapshots")
        .values(snapshots.slice(i, i + WRITE_CHUNK))
        .execute();
    }
    return { changed: writes.length, snapshots: snapshots.length };
  });
}

export interface LeaderboardPage {
  players: RankedPlayer[];
  /** Players with a non-zero total in the period that match the search. */
  totalPlayers: number;
  page: number;
  pageCount: number;
}

/**
 * One page of a period's leaderboard: players with a non-zero total, highest first (ties by uid),
 * optionally only names containing `search` (case-insensitive, `%` and `_` literal). A player's
 * rank is their position in the whole period, also when a search narrows the list. A page past
 * the end is clamped to the last page.
 */
export async function leaderboardPage({
  period,
  search = "",
  page = 1,
  pageSize = LEADERBOARD_PAGE_SIZE,
}: {
  period: LeaderboardPeriod;
  search?: string;
  page?: number;
  pageSize?: number;
}): Promise<LeaderboardPage> {
  const column = PERIOD_COLUMN[period];
  const pattern = search.trim() ? likeContains(search.trim()) : null;

  let counted = db
    .selectFrom("players")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(column, ">", 0);
  if (pattern) counted = counted.where(sql<boolean>`name LIKE ${pattern} ESCAPE ${LIKE_ESCAPE}`);
  const { count: totalPlayers } = await counted.executeTakeFirstOrThrow();

  const pageCount = Math.max(1, Math.ceil(totalPlayers / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const offset = (current - 1) * pageSize;

  let players: RankedPlayer[];
  if (!pattern) {
    // Straight off the period's index: the rank is the offset plus the row's place.
    const rows = await db
      .selectFrom("players")
      .select(["uid", "name", column, "all_time", "wager_changed_at"])
      .where(column, ">", 0)
      .orderBy(column, "desc")
      .orderBy("uid")
      .limit(pageSize)
      .offset(offset)
      .execute();
    players = rows.map((row, i) => toRanked(row, row[column], offset + i + 1));
  } else {
    const rows = await db
      .selectFrom((qb) =>
        qb
          .selectFrom("players")
          .select(["uid", "name", "all_time", "wager_changed_at"])
          .select(sql.ref<number>(column).as("wagered"))
          .select(sql<number>`row_number() over (order by ${sql.ref(column)} desc, uid)`.as("rank"))
          .where(column, ">", 0)
          .as("ranked"),
      )
      .selectAll()
      .where(sql<boolean>`name LIKE ${pattern} ESCAPE ${LIKE_ESCAPE}`)
      .orderBy("rank")
      .limit(pageSize)
      .offset(offset)
      .execute();
    players = rows.map((row) => toRanked(row, row.wagered, row.rank));
  }
  return { players, totalPlayers, page: current, pageCount };
}

function toRanked(
  row: { uid: string; name: string; all_time: number; wager_changed_at: string },
  wagered: number,
  rank: number,
): RankedPlayer {
  return {
    rank,
    uid: row.uid,
    name: row.name,
    wagered,
    allTime: row.all_time,
    wagerChangedAt: row.wager_changed_at,
  };
}

/** The top `limit` of each period (players with a non-zero total only). */
export async function topOfEachPeriod(
  limit: number,
): Promise<Record<LeaderboardPeriod, RankedPlayer[]>> {
  const lists = await Promise.all(
    LEADERBOARD_PERIODS.map(
      async (period) => (await leaderboardPage({ period, pageSize: limit })).players,
    ),
  );
  return Object.fromEntries(LEADERBOARD_PERIODS.map((p, i) => [p, lists[i] ?? []])) as Record<
    LeaderboardPeriod,
    RankedPlayer[]
  >;
}

/** One player's totals and rank in every period (null where their total there is 0). */
export interface PlayerStanding {
  uid: string;
  name: string;
  wagered: ReferralTotals;
  ranks: Record<LeaderboardPeriod, number | null>;
  updatedAt: string;
}

export async function playerStanding(uid: string): Promise<PlayerStanding | null> {
  const player = await db
    .selectFrom("players")
    .select(["uid", "name", ...TOTAL_COLUMNS, "updated_at"])
    .where("uid", "=", uid)
    .executeTakeFirst();
  if (!player) return null;
  const ranks = await Promise.all(
    LEADERBOARD_PERIODS.map(async (period) => {
      const column = PERIOD_COLUMN[period];
      const total = player[column];
      if (total <= 0) return null;
      // Everyone ahead in the period's order (total desc, then uid), plus one.
      const { ahead } = await db
        .selectFrom("players")
        .select((eb) => eb.fn.countAll<number>().as("ahead"))
        .where((eb) =>
          eb.or([
            eb(column, ">", total),
            eb.and([eb(column, "=", total), eb("uid", "<", player.uid)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return ahead + 1;
    }),
  );
  return {
    uid: player.uid,
    name: player.name,
    wagered: {
      today: player.today,
      this_week: player.this_week,
      this_month: player.this_month,
      all_time: player.all_time,
    },
    ranks: Object.fromEntries(LEADERBOARD_PERIODS.map((p, i) => [p, ranks[i] ?? null])) as Record<
      LeaderboardPeriod,
      number | null
    >,
    updatedAt: player.updated_at,
  };
}

export interface PlayerTotals {
  /** Every stored player. */
  players: number;
  /** The sum of every player's all-time total. */
  totalWagered: number;
  /** Players with a non-zero total, per period. */
  activeByPeriod: Record<LeaderboardPeriod, number>;
}

export async function playerTotals(): Promise<PlayerTotals> {
  const row = await db
    .selectFrom("players")
    .select((eb) => [
      eb.fn.countAll<number>().as("players"),
      eb.fn.coalesce(eb.fn.sum<number>("all_time"), sql.lit(0)).as("totalWagered"),
      sql<number>`count(*) filter (where today > 0)`.as("daily"),
      sql<number>`count(*) filter (where this_week > 0)`.as("weekly"),
      sql<number>`count(*) filter (where this_month > 0)`.as("monthly"),
      sql<number>`count(*) filter (where all_time > 0)`.as("all_time"),
    ])
    .executeTakeFirstOrThrow();
  return {
    players: row.players,
    totalWagered: row.totalWagered,
    activeByPeriod: {
      daily: row.daily,
      weekly: row.weekly,
      monthly: row.monthly,
      all_time: row.all_time,
    },
  };
}

/** A period's players with a non-zero total, highest first (ties by uid): all, or one page. */
export async function periodEntries(
  period: LeaderboardPeriod,
  paging: { page: number; limit: number } | null,
) {
  const column = PERIOD_COLUMN[period];
  let query = db
    .selectFrom("players")
    .select(["uid", "name", ...TOTAL_COLUMNS, "updated_at"])
    .where(column, ">", 0)
    .orderBy(column, "desc")
    .orderBy("uid");
  if (paging) query = query.limit(paging.limit).offset((paging.page - 1) * paging.limit);
  return query.execute();
}

/** The top 10s, totals and data time the live sections show and the socket pushes. */
export async function leaderboardSnapshot(): Promise<LeaderboardSnapshot> {
  const [top, totals, status] = await Promise.all([
    topOfEachPeriod(10),
    playerTotals(),
    syncStatus(),
  ]);
  return {
    top,
    totalWagered: totals.totalWagered,
    activeByPeriod: totals.activeByPeriod,
    lastUpdated: status.lastSuccess?.finished_at ?? null,
  };
}
