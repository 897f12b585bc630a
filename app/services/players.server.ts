import { sql } from "kysely";
import { LEADERBOARD_PAGE_SIZE } from "~/domain/leaderboard";
import { monthStartBaseline, utcMonthWindow } from "~/domain/race-time";
import type { LeaderboardSnapshot, RankedPlayer } from "~/domain/leaderboard";
import type { LeaderboardPeriod } from "~/domain/leaderboard-period";
import { LEADERBOARD_PERIODS } from "~/domain/leaderboard-period";
import { likeContains, LIKE_ESCAPE } from "~/domain/like-pattern";
import { roundToCents } from "~/domain/money";
import { SLICE_MS, sliceClock } from "~/lib/event-loop.server";
import type { Referral, ReferralTotals } from "~/domain/referral";
import { singleton } from "~/lib/singleton.server";
import { sqliteConnection } from "~db";
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
export interface StoreResult {
  /** Players inserted, or whose name or totals differ from what was stored. */
  changed: number;
  /** Snapshot rows appended (new all-time totals). */
  snapshots: number;
}

type StoredRow = [
  uid: string,
  name: string,
  today: number,
  thisWeek: number,
  thisMonth: number,
  allTime: number,
  wagerChangedAt: string,
];

/** Referrals stored per batch: one lookup of their stored rows, then their writes. */
export const STORE_BATCH = 200;

/**
 * Stores one sync's referrals. Rows that did not change are not rewritten. `wager_changed_at`
 * moves only when a total moved; a snapshot of the all-time total is appended only when it changed
 * (a new player's first non-zero total included; a missing snapshot means 0).
 * A snapshot at the UTC month's start (all-time minus this month) is added for a new player, so the
 * month's race does not count their earlier history when our first sync is mid-month, and for a
 * known player whose total rose since our last sync before midnight and who has no snapshot in the
 * new month yet, so the month that ended and the new one split those wagers exactly (unless a race
 * across midnight was already frozen without them: docs/decisions/0007).
 * Players absent from the payload keep their last known totals. A real (non-demo) store removes
 * the demo rows, so the first good provider sync replaces the demo data.
 *
 * Stored in short transactions of a few hundred players, yielding to the event loop between them,
 * so requests are served while 100,000 referrals are stored (docs/decisions/0013). Each player's
 * row and snapshots are written together, so a store cut short (an error, a killed process)
 * leaves every player either as before or as in this payload, and the sync run that records the
 * data's time is marked done only after the last batch. The month-turn rule above is per player
 * for that reason: a store cut short in the month's first minutes leaves the players it did not
 * reach for the next store to split.
 * Prepared better-sqlite3 statements rather than Kysely queries: a 100,000-referral payload must
 * be stored in well under 2 s (DESIGN.md).
 */
export async function storeReferrals(
  referrals: Referral[],
  {
    now,
    isDemo,
    sliceMs = SLICE_MS,
  }: {
    now: Date;
    isDemo: boolean;
    /** How long one transaction may run on (tests take 0: one batch per transaction). */
    sliceMs?: number;
  },
): Promise<StoreResult> {
  const at = now.toISOString();
  const sqlite = sqliteConnection(db);
  const storedRows = sqlite
    .prepare(
      `SELECT uid, name, today, this_week, this_month, all_time, wager_changed_at FROM players
       WHERE uid IN (SELECT value FROM json_each(?))`,
    )
    .raw();
  const upsert = sqlite.prepare(
    `INSERT INTO players (uid, name, today, this_week, this_month, all_time, is_demo, updated_at, wager_changed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (uid) DO UPDATE SET name = excluded.name, today = excluded.today,
       this_week = excluded.this_week, this_month = excluded.this_month,
       all_time = excluded.all_time, is_demo = excluded.is_demo,
       updated_at = excluded.updated_at, wager_changed_at = excluded.wager_changed_at`,
  );
  const snapshot = sqlite.prepare(
    "INSERT INTO wager_snapshots (uid, taken_at, all_time) VALUES (?, ?, ?)",
  );
  // The name index (migration 0009) for the players a batch adds or renames: the old names out
  // before the rows change, the new ones in after, one statement each.
  const unindexNames = sqlite.prepare(
    `INSERT INTO players_name_search (players_name_search, rowid, name)
     SELECT 'delete', rowid, name FROM players WHERE uid IN (SELECT value FROM json_each(?))`,
  );
  const indexNames = sqlite.prepare(
    `INSERT INTO players_name_search (rowid, name)
     SELECT rowid, name FROM players WHERE uid IN (SELECT value FROM json_each(?))`,
  );
  // On only inside the store's own transactions: the triggers index everyone else's writes.
  const storeIndexesNames = sqlite.prepare("UPDATE players_name_search_mode SET store_indexes = ?");
  const newestSnapshotOf = sqlite
    .prepare("SELECT max(taken_at) FROM wager_snapshots WHERE uid = ?")
    .pluck();
  const monthStart = utcMonthWindow(now).start.toISOString();
  // A race across midnight frozen before this store (the completion job's fallback when the
  // provider was down) kept its pre-midnight figures; a midnight snapshot now would take what
  // was wagered between our last sync and midnight out of the new month's race too.
  const frozenAcrossMidnight =
    sqlite
      .prepare(
        "SELECT 1 FROM races WHERE status = 'completed' AND start_date < ? AND end_date >= ? LIMIT 1",
      )
      .get(monthStart, monthStart) !== undefined;

  const storeBatch = (batch: Referral[], result: StoreResult) => {
    const stored = new Map<string, StoredRow>();
    const rows = storedRows.all(JSON.stringify(batch.map((r) => r.uid))) as StoredRow[];
    for (const row of rows) stored.set(row[0], row);
    const renamed = batch.filter(({ uid, name }) => {
      const before = stored.get(uid);
      return before !== undefined && before[1] !== name;
    });
    if (renamed.length > 0) unindexNames.run(JSON.stringify(renamed.map((r) => r.uid)));
    const named = renamed.map((r) => r.uid);
    for (const { uid, name, wagered } of batch) {
      const before = stored.get(uid);
      const totalsChanged =
        !before ||
        before[2] !== wagered.today ||
        before[3] !== wagered.this_week ||
        before[4] !== wagered.this_month ||
        before[5] !== wagered.all_time;
      if (!totalsChanged && before[1] === name) continue;
      if (!before) named.push(uid);
      upsert.run(
        uid,
        name,
        wagered.today,
        wagered.this_week,
        wagered.this_month,
        wagered.all_time,
        isDemo ? 1 : 0,
        at,
        totalsChanged ? at : before[6],
      );
      result.changed += 1;
      const baseline = monthStartBaseline(wagered, now);
      // A new player's history before the month, or what a known player wagered between our
      // last sync and midnight (it belongs to the month that ended).
      const splitsMonthTurn = () =>
        !frozenAcrossMidnight &&
        baseline !== null &&
        before !== undefined &&
        baseline.allTime > before[5] &&
        ((newestSnapshotOf.get(uid) as string | null) ?? "") < monthStart;
      if (baseline && (!before || splitsMonthTurn())) {
        snapshot.run(uid, baseline.takenAt, baseline.allTime);
        result.snapshots += 1;
      }
      if ((before?.[5] ?? 0) !== wagered.all_time) {
        snapshot.run(uid, at, wagered.all_time);
        result.snapshots += 1;
      }
    }
    if (named.length > 0) indexNames.run(JSON.stringify(named));
  };

  const result: StoreResult = { changed: 0, snapshots: 0 };
  const slice = sliceClock(sliceMs);
  let next = 0;
  // The demo purge goes with the first batch (always one, even for an empty payload).
  do {
    await db.connection().execute(async () =>
      sqlite.transaction(() => {
        if (next === 0 && !isDemo) sqlite.prepare("DELETE FROM players WHERE is_demo = 1").run();
        storeIndexesNames.run(1);
        do {
          storeBatch(referrals.slice(next, next + STORE_BATCH), result);
          next += STORE_BATCH;
        } while (next < referrals.length && !slice.due());
        storeIndexesNames.run(0);
      })(),
    );
    storeCommits.count += 1;
    if (next < referrals.length) await slice.next();
  } while (next < referrals.length);
  return result;
}

export interface LeaderboardPage {
  players: RankedPlayer[];
  /** Players with a non-zero total in the period that match the search. */
  totalPlayers: number;
  page: number;
  pageCount: number;
}

/** A search of fewer characters than a trigram goes without the name index ... */
const SHORT_SEARCH_LENGTH = 3;
/** ... and counts at most this many matches, so that it can stop early (100 pages of 10). */
export const SHORT_SEARCH_MAX_MATCHES = 1000;

/**
 * One page of a period's leaderboard: players with a non-zero total, highest first (ties by uid),
 * optionally only names containing `search` (case-insensitive, `%` and `_` literal). A player's
 * rank is their position in the whole period, also when a search narrows the list. A page past
 * the end is clamped to the last page.
 *
 * A search of 3 characters or more reads the trigram index (players_name_search) for candidates
 * and keeps those the LIKE of before matches, so the results are exactly those of a LIKE; 1 or 2
 * characters match most names, so a LIKE along the period's index finds a page at once, and the
 * count stops at SHORT_SEARCH_MAX_MATCHES (docs/decisions/0013).
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
  const term = search.trim();
  const matching = term ? nameMatches(term) : null;

  let totalPlayers: number;
  if (!matching) {
    ({ count: totalPlayers } = await db
      .selectFrom("players")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(column, ">", 0)
      .executeTakeFirstOrThrow());
  } else {
    const limit = matching.countLimit === null ? sql`` : sql`LIMIT ${matching.countLimit}`;
    const { rows } = await sql<{ count: number }>`
      SELECT count(*) AS count FROM (
        SELECT 1 FROM ${matching.from} WHERE ${matching.where} AND ${sql.ref(`players.${column}`)} > 0
        ${limit}
      )`.execute(db);
    totalPlayers = rows[0]?.count ?? 0;
  }

  const pageCount = Math.max(1, Math.ceil(totalPlayers / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const offset = (current - 1) * pageSize;

  let players: RankedPlayer[];
  if (!matching) {
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
    const periodColumn = sql.ref(`players.${column}`);
    const { rows } = await sql<{
      uid: string;
      name: string;
      wagered: number;
      all_time: number;
      wager_changed_at: string;
    }>`
      SELECT players.uid, players.name, ${periodColumn} AS wagered, players.all_time,
        players.wager_changed_at
      FROM ${matching.from} WHERE ${matching.where} AND ${periodColumn} > 0
      ORDER BY ${periodColumn} DESC, players.uid LIMIT ${pageSize} OFFSET ${offset}`.execute(db);
    const ranks = await periodRanks(column, rows);
    players = rows.map((row, i) => toRanked(row, row.wagered, ranks[i] ?? 0));
  }
  return { players, totalPlayers, page: current, pageCount };
}

/** The rows of `players` whose name contains `term` as LIKE reads it (see leaderboardPage). */
function nameMatches(term: string) {
  const like = sql`players.name LIKE ${likeContains(term)} ESCAPE ${LIKE_ESCAPE}`;
  if ([...term].length < SHORT_SEARCH_LENGTH) {
    return { from: sql`players`, where: like, countLimit: SHORT_SEARCH_MAX_MATCHES };
  }
  // A quoted FTS5 string is a phrase: with the trigram tokenizer, the names containing it.
  const phrase = `"${term.replaceAll('"', '""')}"`;
  return {
    from: sql`players_name_search JOIN players ON players.rowid = players_name_search.rowid`,
    where: sql`players_name_search MATCH ${phrase} AND ${like}`,
    countLimit: null,
  };
}

/** Every RANK_CHECKPOINT_EVERY-th player of each period, with their rank. */
export const RANK_CHECKPOINT_EVERY = 256;
interface RankCheckpoint {
  wagered: number;
  uid: string;
  rank: number;
}
/** Checkpoints by period column, for the players as of `version` (see playersVersion). */
const rankCheckpoints = singleton("rank-checkpoints", () => ({
  version: "",
  byColumn: new Map<string, RankCheckpoint[]>(),
}));
const storeCommits = singleton("player-store-commits", () => ({ count: 0 }));

/** Moves on with every store transaction here and every commit by another connection. */
function playersVersion(): string {
  const otherCommits = sqliteConnection(db).pragma("data_version", { simple: true }) as number;
  return `${storeCommits.count}:${otherCommits}`;
}

/** `a` comes before `b` in a period's order: higher total first, then uid as SQLite orders it. */
function comesBefore(a: { wagered: number; uid: string }, b: { wagered: number; uid: string }) {
  if (a.wagered !== b.wagered) return a.wagered > b.wagered;
  return Buffer.compare(Buffer.from(a.uid), Buffer.from(b.uid)) < 0;
}

async function periodCheckpoints(column: (typeof TOTAL_COLUMNS)[number]) {
  const version = playersVersion();
  if (rankCheckpoints.version !== version) {
    rankCheckpoints.version = version;
    rankCheckpoints.byColumn.clear();
  }
  let checkpoints = rankCheckpoints.byColumn.get(column);
  if (!checkpoints) {
    // One pass along the period's index (about 40 ms at 400,000 players), once per data version.
    ({ rows: checkpoints } = await sql<RankCheckpoint>`
      SELECT wagered, uid, rank FROM (
        SELECT ${sql.ref(column)} AS wagered, uid,
          row_number() OVER (ORDER BY ${sql.ref(column)} DESC, uid) AS rank
        FROM players WHERE ${sql.ref(column)} > 0
      ) WHERE rank % ${RANK_CHECKPOINT_EVERY} = 0`.execute(db));
    rankCheckpoints.byColumn.set(column, checkpoints);
  }
  return checkpoints;
}

/**
 * The period ranks of `rows`: from the nearest checkpoint at or before each row, plus the players
 * between them counted along the period's index (fewer than RANK_CHECKPOINT_EVERY).
 */
async function periodRanks(
  column: (typeof TOTAL_COLUMNS)[number],
  rows: { uid: string; wagered: number }[],
): Promise<number[]> {
  const checkpoints = await periodCheckpoints(column);
  const total = sql.ref(column);
  const count = async (where: ReturnType<typeof sql<boolean>>) => {
    const { rows: counted } = await sql<{ count: number }>`
      SELECT count(*) AS count FROM players WHERE ${total} > 0 AND ${where}`.execute(db);
    return counted[0]?.count ?? 0;
  };
  // Totals strictly between `low` and `high`. The BETWEEN is what SQLite takes as the range of
  // the period's index: with `> 0` (which the partial index needs) and `> low` both present it
  // took `> 0` and walked the index to its end.
  const strictlyBetween = (low: number, high: number) =>
    high === Number.MAX_VALUE
      ? sql<boolean>`${total} BETWEEN ${low} AND ${high} AND ${total} > ${low}`
      : sql<boolean>`${total} BETWEEN ${low} AND ${high} AND ${total} > ${low} AND ${total} < ${high}`;
  return Promise.all(
    rows.map(async (row) => {
      // The last checkpoint not after the row (binary search).
      let low = 0;
      let high = checkpoints.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        const checkpoint = checkpoints[middle] as RankCheckpoint;
        if (comesBefore(row, checkpoint)) high = middle;
        else low = middle + 1;
      }
      const from = checkpoints[low - 1];
      if (!from) {
        // Before the first checkpoint: count everyone ahead.
        return (
          1 +
          (await count(strictlyBetween(row.wagered, Number.MAX_VALUE))) +
          (await count(sql`${total} = ${row.wagered} AND uid < ${row.uid}`))
        );
      }
      if (from.uid === row.uid) return from.rank;
      const between =
        from.wagered === row.wagered
          ? await count(sql`${total} = ${row.wagered} AND uid > ${from.uid} AND uid < ${row.uid}`)
          : (await count(sql`${total} = ${from.wagered} AND uid > ${from.uid}`)) +
            (await count(strictlyBetween(row.wagered, from.wagered))) +
            (await count(sql`${total} = ${row.wagered} AND uid < ${row.uid}`));
      return from.rank + between + 1;
    }),
  );
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
  // One small query per figure: each reads only a partial period index, not the table.
  const countActive = async (column: (typeof TOTAL_COLUMNS)[number]) =>
    (
      await db
        .selectFrom("players")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where(column, ">", 0)
        .executeTakeFirstOrThrow()
    ).count;
  const [players, totalWagered, daily, weekly, monthly, allTime] = await Promise.all([
    db
      .selectFrom("players")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow()
      .then((row) => row.count),
    db
      .selectFrom("players")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("all_time"), sql.lit(0)).as("sum"))
      .where("all_time", ">", 0)
      .executeTakeFirstOrThrow()
      .then((row) => row.sum),
    countActive("today"),
    countActive("this_week"),
    countActive("this_month"),
    countActive("all_time"),
  ]);
  return {
    players,
    totalWagered,
    activeByPeriod: { daily, weekly, monthly, all_time: allTime },
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
