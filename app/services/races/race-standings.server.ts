import { sql } from "kysely";
import type { Participant, RacePosition, RaceStanding, RaceView } from "~/domain/race";
import { PAID_POSITIONS, splitPool } from "~/domain/race-prizes";
import { rankStandings, standingGaps } from "~/domain/race-standings";
import type { Standing } from "~/domain/race-standings";
import { versionedCache } from "~/server/cache.server";
import { observeRaceRanking } from "~/server/metrics.server";
import { db, dialect } from "~/services/db.server";
import { findCurrentRace, toFrozenParticipant } from "./race-store.server";
import type { Executor } from "~/services/db.server";
import {
  nameShownSql,
  playerNamePolicy,
  publicNames,
} from "~/services/players/player-names.server";
import { linkedPlayerUid } from "~/services/auth/users.server";

/**
 * A race's standings: computed from the wager snapshots while it runs, read from its frozen
 * results once completed, and where one player stands in the current race.
 */

/**
 * Every player's wager inside [start, min(asOf, end)): their all-time total at that instant minus
 * their all-time total at the start, each read from the latest snapshot at or before the instant.
 * A player with no snapshot before the start counts from 0 (they joined during the race).
 */
export async function computeStandings(
  race: Pick<RaceView, "startDate" | "endDate" | "minWager">,
  asOf: Date,
  executor: Executor = db,
): Promise<Standing[]> {
  const until = rankedUntil(race, asOf);
  if (executor !== db) return queryStandings(race, until, executor);
  return standingsCache.get({
    key: await standingsKey(race, until),
    compute: async () => {
      const started = performance.now();
      const standings = await queryStandings(race, until, db);
      observeRaceRanking((performance.now() - started) / 1000);
      return standings;
    },
  });
}

function rankedUntil(race: Pick<RaceView, "endDate">, asOf: Date) {
  return new Date(Math.min(asOf.getTime(), Date.parse(race.endDate))).toISOString();
}

/**
 * Standings change only when a sync writes snapshots: the same latest snapshot instant (and the
 * same newest row) before `until` means the same standings, so they are computed once per key.
 * Two single-aggregate queries: SQLite answers each from an index end, without a scan.
 */
async function standingsKey(race: Pick<RaceView, "startDate" | "minWager">, until: string) {
  const latest = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.max("taken_at").as("value"))
    .where("taken_at", "<=", until)
    .executeTakeFirst();
  const newest = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.max("id").as("value"))
    .executeTakeFirst();
  return [race.startDate, race.minWager, latest?.value, newest?.value].join("|");
}

const standingsCache = versionedCache<Promise<Standing[]>>({ max: 32 });

/** A running race's standings about to be ranked elsewhere (runningRaceRankings). */
export interface RaceRanking {
  key: string;
  race: Pick<RaceView, "startDate" | "minWager">;
  until: string;
}

/**
 * For the SQLite sync worker thread right after a store (docs/decisions/0097): each running
 * race's key in computeStandings' cache at `now`, and the ranking itself, to be handed to the
 * server's thread (keepStandings) so that its pages, race alerts and wager flags never rank a race
 * on the event loop.
 */
export async function runningRaceRankings(now: Date) {
  const rows = await db
    .selectFrom("races")
    .select(["start_date", "end_date", "min_wager"])
    .where("status", "=", "live")
    .where("start_date", "<=", now.toISOString())
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const race = { startDate: row.start_date, minWager: row.min_wager };
      const until = rankedUntil({ endDate: row.end_date }, now);
      const ranking: RaceRanking = { key: await standingsKey(race, until), race, until };
      return { ranking, rank: () => queryStandings(race, until, db) };
    }),
  );
}

/**
 * Keeps the standings of `ranking` ranked elsewhere (the sync worker thread) for computeStandings,
 * from before they arrive: a caller asking meanwhile waits for them rather than ranking the race
 * again. Ranked here after all if they never arrive (the thread stopped).
 */
export function keepStandings(ranking: RaceRanking, standings: Promise<Standing[]>): void {
  void standingsCache.get({
    key: ranking.key,
    compute: () => standings.catch(() => queryStandings(ranking.race, ranking.until, db)),
  });
}

async function queryStandings(
  race: Pick<RaceView, "startDate" | "minWager">,
  until: string,
  executor: Executor,
): Promise<Standing[]> {
  const { rows } = await sql<{ uid: string; name: string; wager: number }>`
    with at_end as (${newestSnapshots(until)}),
    at_start as (${newestSnapshots(race.startDate)})
    select at_end.uid as uid, players.name as name,
           at_end.all_time - coalesce(at_start.all_time, 0) as wager
    from at_end
    join players on players.uid = at_end.uid
    left join at_start on at_start.uid = at_end.uid
    where at_end.all_time - coalesce(at_start.all_time, 0) > 0
  `.execute(executor);
  return rankStandings(rows, race.minWager);
}

/** Each player's newest snapshot at or before `at`: rows of (uid, all_time). */
function newestSnapshots(at: string) {
  return dialect === "postgres"
    ? sql`select distinct on (uid) uid, all_time from wager_snapshots
          where taken_at <= ${at} order by uid, taken_at desc`
    : // SQLite returns the other columns of the row holding max() in a grouped query.
      sql`select uid, all_time, max(taken_at) from wager_snapshots where taken_at <= ${at} group by uid`;
}

/** The paid top 10 of the standings, each with their prize. */
export function withPrizes(race: RaceView, standings: Standing[]): Participant[] {
  const prizes = splitPool(race.prizePoolCents, race.distribution);
  return standings.slice(0, PAID_POSITIONS).map((standing) => ({
    ...standing,
    prizeCents: prizes[standing.position - 1] ?? 0,
  }));
}

/**
 * The top 10 of a race with their prizes: frozen results once completed, live standings before;
 * names as the public sees them (docs/decisions/0081).
 */
export async function raceParticipants(race: RaceView, now: Date = new Date()) {
  if (race.status === "completed") {
    const rows = await db
      .selectFrom("race_results")
      .selectAll()
      .where("race_id", "=", race.id)
      .orderBy("position")
      .execute();
    return publicNames(rows.map(toFrozenParticipant));
  }
  return publicNames(withPrizes(race, await computeStandings(race, now)));
}

/**
 * Where a player stands in the current race, and where they stood at the previous sync: the
 * standings just before the latest snapshot instant (snapshots are written only by syncs).
 * The player is the linked provider account (goated_id) of user `userId`, else the player named
 * `username` (the API's query parameter).
 * Null when there is no current race or the player is not in it.
 */
export async function findRacePosition(
  who: { userId?: number; username?: string },
  now: Date = new Date(),
): Promise<RacePosition | null> {
  const uid = await playerUidFor(who);
  return uid ? racePositionOf(uid, now) : null;
}

/** Where the player `uid` stands in the current race (see findRacePosition). */
export async function racePositionOf(uid: string, now: Date): Promise<RacePosition | null> {
  const race = await findCurrentRace(now);
  if (!race) return null;
  const standings = await computeStandings(race, now);
  const current = standings.find((s) => s.uid === uid);
  if (!current) return null;

  const latest = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.max("taken_at").as("taken_at"))
    .where("taken_at", "<=", now.toISOString())
    .executeTakeFirst();
  let previousPosition: number | null = null;
  if (latest?.taken_at && latest.taken_at > race.startDate) {
    const beforeLatestSync = new Date(Date.parse(latest.taken_at) - 1);
    const previous = await computeStandings(race, beforeLatestSync);
    previousPosition = previous.find((s) => s.uid === uid)?.position ?? null;
  }
  return {
    ...standingGaps(standings, current, splitPool(race.prizePoolCents, race.distribution)),
    position: current.position,
    totalParticipants: standings.length,
    wagerAmount: current.wager,
    previousPosition,
    raceType: race.type,
    raceTitle: race.title,
    endDate: race.endDate,
  };
}

/**
 * Where the player `uid` stands in the running `race` (the row pinned under its top 10): their
 * standing and gaps, from the same standings as the race's table (computeStandings keeps them per
 * sync), or no standing and no gaps while they have no wager in it.
 */
export async function raceStandingOf(
  race: RaceView,
  uid: string,
  now: Date = new Date(),
): Promise<RaceStanding> {
  const standings = await computeStandings(race, now);
  const standing = standings.find((s) => s.uid === uid) ?? null;
  const gaps = standing
    ? standingGaps(standings, standing, splitPool(race.prizePoolCents, race.distribution))
    : { gapToNextCents: null, gapToPaidCents: null };
  return { raceId: race.id, standing, ...gaps };
}

async function playerUidFor(who: { userId?: number; username?: string }) {
  if (who.userId !== undefined) {
    const uid = await linkedPlayerUid(who.userId);
    if (uid) return uid;
  }
  if (!who.username) return null;
  // A masked player is not found by their real name (docs/decisions/0081).
  const { maskPlayerNames } = await playerNamePolicy();
  const player = await db
    .selectFrom("players")
    .select("uid")
    .where(sql`lower(name)`, "=", who.username.toLowerCase())
    .$if(maskPlayerNames, (query) => query.where(nameShownSql("players.uid")))
    .orderBy("all_time", "desc")
    .executeTakeFirst();
  return player?.uid ?? null;
}
