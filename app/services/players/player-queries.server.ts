import { sql } from "kysely";
import { LEADERBOARD_PAGE_SIZE } from "~/domain/leaderboard";
import type { RankedPlayer } from "~/domain/leaderboard";
import type { LeaderboardPeriod } from "~/domain/leaderboard-period";
import { LEADERBOARD_PERIODS, PERIOD_NAMES } from "~/domain/leaderboard-period";
import { likeContains, LIKE_ESCAPE } from "~/domain/like-pattern";
import { likeIgnoringCase } from "~db";
import type { ReferralTotals } from "~/domain/referral";
import { publicPlayerName, searchesMasks, withPublicNames } from "~/domain/player-names";
import { db, dialect } from "~/services/db.server";
import type { Executor } from "~/services/db.server";
import { maskedNameSql, nameShownSql, playerNamePolicy } from "./player-names.server";
import { periodPlayerCount, periodRanks, playersVersion } from "./player-ranks.server";

const TOTAL_COLUMNS = ["today", "this_week", "this_month", "all_time"] as const;

export interface LeaderboardPage {
  players: RankedPlayer[];
  /** Players with a non-zero total in the period that match the search. */
  totalPlayers: number;
  /** Players with a non-zero total in the period, searched or not ("49 matches of 1,309 players"). */
  periodPlayers: number;
  /** True when a short search stopped counting at SHORT_SEARCH_MAX_MATCHES ("1,000+ matches"). */
  countCapped: boolean;
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
 *
 * Names are as the public sees them (masked while the site masks them, docs/decisions/0081), and
 * a search matches only those: a masked player is found by their mask, never by their real name.
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
  const column = PERIOD_NAMES[period].column;
  const term = search.trim();
  const policy = await playerNamePolicy();
  const matching = term ? nameMatches(term, policy.maskPlayerNames) : null;

  const version = await playersVersion();
  const periodPlayers = await periodPlayerCount(column, version);
  let totalPlayers = periodPlayers;
  if (matching) {
    const limit = matching.countLimit === null ? sql`` : sql`LIMIT ${matching.countLimit}`;
    const { rows } = await sql<{ count: number }>`
      SELECT count(*) AS count FROM (
        SELECT 1 FROM ${matching.from} WHERE ${matching.where} AND ${sql.ref(`players.${column}`)} > 0
        ${limit}
      ) AS matched`.execute(db);
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
    const ranks = await periodRanks(column, rows, version);
    players = rows.map((row, i) => toRanked(row, row.wagered, ranks[i] ?? 0));
  }
  const countCapped = matching?.countLimit != null && totalPlayers >= matching.countLimit;
  return {
    players: withPublicNames(policy, players),
    totalPlayers,
    periodPlayers,
    countCapped,
    page: current,
    pageCount,
  };
}

/**
 * The rows of `players` whose shown name contains `term` as LIKE reads it (see leaderboardPage).
 * While names are masked, a masked player's mask must contain it: a term without the mask's `*`
 * that does is part of the real name too, so the name index still finds the candidates.
 */
function nameMatches(term: string, masked: boolean) {
  const pattern = likeContains(term);
  const like = likeIgnoringCase(dialect, "players.name", pattern, LIKE_ESCAPE);
  if (!masked) return realNameMatches(term, like);
  const maskLike =
    dialect === "postgres"
      ? sql<boolean>`${maskedNameSql("players.name")} ILIKE ${pattern} ESCAPE ${LIKE_ESCAPE}`
      : sql<boolean>`${maskedNameSql("players.name")} LIKE ${pattern} ESCAPE ${LIKE_ESCAPE}`;
  const shown = nameShownSql("players.uid");
  if (searchesMasks(term)) {
    // Only a mask holds `*` (no index can help): every player's shown name is read.
    return {
      from: sql`players`,
      where: sql<boolean>`((${shown} AND ${like}) OR (NOT ${shown} AND ${maskLike}))`,
      countLimit: SHORT_SEARCH_MAX_MATCHES,
    };
  }
  const real = realNameMatches(term, like);
  return { ...real, where: sql<boolean>`${real.where} AND (${shown} OR ${maskLike})` };
}

/** The rows of `players` whose real name contains `term` (`like`), through the name index. */
function realNameMatches(term: string, like: ReturnType<typeof likeIgnoringCase>) {
  if ([...term].length < SHORT_SEARCH_LENGTH) {
    return { from: sql`players`, where: like, countLimit: SHORT_SEARCH_MAX_MATCHES };
  }
  // PostgreSQL's ILIKE reads the names' pg_trgm index itself (migration 0009).
  if (dialect === "postgres") return { from: sql`players`, where: like, countLimit: null };
  // A quoted FTS5 string is a phrase: with the trigram tokenizer, the names containing it.
  const phrase = `"${term.replaceAll('"', '""')}"`;
  return {
    from: sql`players_name_search JOIN players ON players.rowid = players_name_search.rowid`,
    where: sql`players_name_search MATCH ${phrase} AND ${like}`,
    countLimit: null,
  };
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
  const policy = await playerNamePolicy();
  const ranks = await Promise.all(
    LEADERBOARD_PERIODS.map(async (period) => {
      const column = PERIOD_NAMES[period].column;
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
    name: publicPlayerName(policy, player.uid, player.name),
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

export interface LeaderboardSummary {
  /** The top `limit` of each period (players with a non-zero total only). */
  top: Record<LeaderboardPeriod, RankedPlayer[]>;
  /** The sum of every player's all-time total. */
  totalWagered: number;
  /** Players with a non-zero total, per period. */
  activeByPeriod: Record<LeaderboardPeriod, number>;
}

/**
 * Each period's top `limit` and its number of players (the count its first page makes anyway),
 * and the sum of all-time totals: what a leaderboard update pushes after every sync.
 */
export async function leaderboardSummary(limit: number): Promise<LeaderboardSummary> {
  const [pages, totalWagered] = await Promise.all([
    Promise.all(LEADERBOARD_PERIODS.map((period) => leaderboardPage({ period, pageSize: limit }))),
    db
      .selectFrom("players")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("all_time"), sql.lit(0)).as("sum"))
      .where("all_time", ">", 0)
      .executeTakeFirstOrThrow()
      .then((row) => row.sum),
  ]);
  const byPeriod = <T>(value: (page: LeaderboardPage) => T) =>
    Object.fromEntries(
      LEADERBOARD_PERIODS.map((period, i) => [period, value(pages[i]!)]),
    ) as Record<LeaderboardPeriod, T>;
  return {
    top: byPeriod((page) => page.players),
    totalWagered,
    activeByPeriod: byPeriod((page) => page.totalPlayers),
  };
}

/**
 * A period's players with a non-zero total, highest first (ties by uid): all, or one page; names
 * as the public sees them.
 */
export async function periodEntries(
  period: LeaderboardPeriod,
  paging: { page: number; limit: number } | null,
) {
  const column = PERIOD_NAMES[period].column;
  let query = db
    .selectFrom("players")
    .select(["uid", "name", ...TOTAL_COLUMNS, "updated_at"])
    .where(column, ">", 0)
    .orderBy(column, "desc")
    .orderBy("uid");
  if (paging) query = query.limit(paging.limit).offset((paging.page - 1) * paging.limit);
  const [rows, policy] = await Promise.all([query.execute(), playerNamePolicy()]);
  return withPublicNames(policy, rows);
}

/** A user and the provider player their account is linked to (users.goated_id). */
export interface LinkedUser {
  userId: number;
  goatedId: string;
}

/** Players looked up per query: well under the bound parameters SQLite and pg take. */
const LINKED_PER_QUERY = 1000;

/**
 * The all-time wager of each linked user's player, by user id; a user whose player the provider
 * has not sent is left out. Looked up by uid a slice at a time: as one join with users, SQLite
 * scanned every player for the few linked users.
 */
export async function linkedAllTime(
  users: readonly LinkedUser[],
  executor: Executor = db,
): Promise<Map<number, number>> {
  const allTime = new Map<number, number>();
  for (let from = 0; from < users.length; from += LINKED_PER_QUERY) {
    const slice = users.slice(from, from + LINKED_PER_QUERY);
    const players = await executor
      .selectFrom("players")
      .select(["uid", "all_time"])
      .where(
        "uid",
        "in",
        slice.map((user) => user.goatedId),
      )
      .execute();
    const allTimeOf = new Map(players.map((player) => [player.uid, player.all_time]));
    for (const user of slice) {
      const total = allTimeOf.get(user.goatedId);
      if (total !== undefined) allTime.set(user.userId, total);
    }
  }
  return allTime;
}
