import { sql } from "kysely";
import type { Kysely, Transaction } from "kysely";
import type { Database, Race } from "~db/schema";
import {
  MONTHLY_RACE_MIN_WAGER,
  MONTHLY_RACE_POOL_CENTS,
  MONTHLY_RACE_SHARES,
  parseDistribution,
  prizeCents,
  PAID_POSITIONS,
} from "~/domain/race-prizes";
import type {
  Completion,
  Participant,
  RaceBoardData,
  RacePosition,
  RacePositionCardData,
  RaceStatus,
  RaceType,
  RaceView,
} from "~/domain/race";
import { rankStandings } from "~/domain/race-standings";
import type { Standing } from "~/domain/race-standings";
import {
  COMPLETED_VIEW_MS,
  startOfNextUtcMonth,
  utcMonthName,
  utcMonthWindow,
} from "~/domain/race-time";
import { db } from "./db.server";
import { linkedPlayerUid } from "./users.server";

/**
 * Wager races: the races themselves, their standings (computed from the wager snapshots while a
 * race runs, frozen in race_results when it completes), completion and the automatic monthly race.
 */

export function toRaceView(row: Race): RaceView {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    status: row.status,
    prizePoolCents: row.prize_pool_cents,
    minWager: row.min_wager,
    startDate: row.start_date,
    endDate: row.end_date,
    distribution: parseDistribution(row.prize_distribution),
    rules: row.rules,
    description: row.description,
    isAutomatic: row.is_automatic === 1,
    completedAt: row.completed_at,
  };
}

type Executor = Kysely<Database> | Transaction<Database>;

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
  const until = new Date(Math.min(asOf.getTime(), Date.parse(race.endDate))).toISOString();
  if (executor !== db) return queryStandings(race, until, executor);
  // Standings change only when a sync writes snapshots: the same latest snapshot instant (and the
  // same newest row) before `until` means the same standings, so they are computed once.
  // Two single-aggregate queries: SQLite answers each from an index end, without a scan.
  const latest = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.max("taken_at").as("value"))
    .where("taken_at", "<=", until)
    .executeTakeFirst();
  const newest = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.max("id").as("value"))
    .executeTakeFirst();
  const key = [race.startDate, race.minWager, latest?.value, newest?.value].join("|");
  const cached = standingsCache.get(key);
  if (cached) return cached;
  const standings = await queryStandings(race, until, db);
  if (standingsCache.size >= STANDINGS_CACHE_SIZE) {
    standingsCache.delete(standingsCache.keys().next().value as string);
  }
  standingsCache.set(key, standings);
  return standings;
}

const STANDINGS_CACHE_SIZE = 32;
const standingsCache = new Map<string, Standing[]>();

async function queryStandings(
  race: Pick<RaceView, "startDate" | "minWager">,
  until: string,
  executor: Executor,
): Promise<Standing[]> {
  // SQLite returns the other columns of the row holding max() in a grouped query.
  const { rows } = await sql<{ uid: string; name: string; wager: number }>`
    with at_end as (
      select uid, all_time, max(taken_at) from wager_snapshots where taken_at <= ${until} group by uid
    ),
    at_start as (
      select uid, all_time, max(taken_at) from wager_snapshots where taken_at <= ${race.startDate} group by uid
    )
    select at_end.uid as uid, players.name as name,
           at_end.all_time - coalesce(at_start.all_time, 0) as wager
    from at_end
    join players on players.uid = at_end.uid
    left join at_start on at_start.uid = at_end.uid
    where at_end.all_time - coalesce(at_start.all_time, 0) > 0
  `.execute(executor);
  return rankStandings(rows, race.minWager);
}

function withPrizes(race: RaceView, standings: Standing[]): Participant[] {
  return standings.slice(0, PAID_POSITIONS).map((standing) => ({
    ...standing,
    prizeCents: prizeCents(race.prizePoolCents, race.distribution, standing.position),
  }));
}

/** The top 10 of a race with their prizes: frozen results once completed, live standings before. */
export async function raceParticipants(race: RaceView, now: Date = new Date()) {
  if (race.status === "completed") {
    const rows = await db
      .selectFrom("race_results")
      .selectAll()
      .where("race_id", "=", race.id)
      .orderBy("position")
      .execute();
    return rows.map((row): Participant => ({
      position: row.position,
      uid: row.uid,
      name: row.name,
      wager: row.wager,
      prizeCents: row.prize_cents,
    }));
  }
  return withPrizes(race, await computeStandings(race, now));
}

export async function findRace(id: number): Promise<RaceView | null> {
  const row = await db.selectFrom("races").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRaceView(row) : null;
}

/**
 * The race the site calls "current": a live race that has started (the monthly one first, then the
 * one ending soonest). Its end may already have passed while the job has yet to complete it.
 */
export async function findCurrentRace(now: Date = new Date()): Promise<RaceView | null> {
  const row = await db
    .selectFrom("races")
    .selectAll()
    .where("status", "=", "live")
    .where("start_date", "<=", now.toISOString())
    .orderBy(sql`type = 'monthly'`, "desc")
    .orderBy("end_date", "asc")
    .orderBy("id", "asc")
    .executeTakeFirst();
  return row ? toRaceView(row) : null;
}

/** The most recently completed race. */
export async function findPreviousRace(): Promise<RaceView | null> {
  const row = await db
    .selectFrom("races")
    .selectAll()
    .where("status", "=", "completed")
    .orderBy(sql`coalesce(completed_at, end_date)`, "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? toRaceView(row) : null;
}

/** When the next race starts after `now`: the next scheduled race, else the next UTC month. */
export async function nextRaceStart(now: Date = new Date()): Promise<string> {
  const row = await db
    .selectFrom("races")
    .select("start_date")
    .where("status", "!=", "completed")
    .where("start_date", ">", now.toISOString())
    .orderBy("start_date")
    .executeTakeFirst();
  return row?.start_date ?? startOfNextUtcMonth(now).toISOString();
}

/** The previous race stays on show for an hour after it completed (spec §4, §9). */
export function transitionEnds(race: RaceView): string {
  const completed = Date.parse(race.completedAt ?? race.endDate);
  return new Date(completed + COMPLETED_VIEW_MS).toISOString();
}

/** Completed races, newest first, each with its frozen results (the paid top 10). */
export async function listCompletedRaces(limit = 24) {
  const races = await db
    .selectFrom("races")
    .selectAll()
    .where("status", "=", "completed")
    .orderBy("end_date", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  const results = races.length
    ? await db
        .selectFrom("race_results")
        .selectAll()
        .where(
          "race_id",
          "in",
          races.map((race) => race.id),
        )
        .orderBy("position")
        .execute()
    : [];
  return races.map((row) => ({
    race: toRaceView(row),
    results: results.filter((result) => result.race_id === row.id),
  }));
}

/**
 * Completes a race: freezes its standings as of its end (or now, if completed early by an admin),
 * marks it completed and tells each winner with a linked provider account. One transaction guarded
 * by the status, so a crash or a second process never loses or duplicates a completion. `by` is
 * the admin completing it by hand, null for the job. Null when the race does not exist or is
 * completed already.
 */
export async function completeRace(
  id: number,
  now: Date = new Date(),
  by: number | null = null,
): Promise<Completion | null> {
  return db.transaction().execute((trx) => completeRaceIn(trx, id, now, by));
}

/** completeRace inside the caller's transaction (an admin's save that also completes the race). */
export async function completeRaceIn(
  trx: Transaction<Database>,
  id: number,
  now: Date,
  by: number | null,
): Promise<Completion | null> {
  const updated = await trx
    .updateTable("races")
    .set({
      status: "completed",
      completed_at: now.toISOString(),
      updated_at: now.toISOString(),
      updated_by: by,
    })
    .where("id", "=", id)
    .where("status", "!=", "completed")
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return null;
  const race = toRaceView(
    await trx.selectFrom("races").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
  );
  return { race, winners: await freezeResults(trx, race, now) };
}

/** Stores a completed race's top 10 as of `now` (capped at its end) and tells the winners. */
export async function freezeResults(
  trx: Transaction<Database>,
  race: RaceView,
  now: Date,
): Promise<Participant[]> {
  const winners = withPrizes(race, await computeStandings(race, now, trx));
  await trx.deleteFrom("race_results").where("race_id", "=", race.id).execute();
  if (winners.length > 0) {
    await trx
      .insertInto("race_results")
      .values(
        winners.map((w) => ({
          race_id: race.id,
          position: w.position,
          uid: w.uid,
          name: w.name,
          wager: w.wager,
          prize_cents: w.prizeCents,
        })),
      )
      .execute();
  }
  await notifyWinners(trx, race, winners, now);
  return winners;
}

async function notifyWinners(
  trx: Transaction<Database>,
  race: RaceView,
  winners: Participant[],
  now: Date,
) {
  for (const winner of winners) {
    // A user is linked to a player by the provider's uid (goated_id), never by a name.
    const users = await trx
      .selectFrom("users")
      .select("id")
      .where("goated_id", "=", winner.uid)
      .execute();
    const prize = (winner.prizeCents / 100).toFixed(2);
    for (const user of users) {
      await trx
        .insertInto("notifications")
        .values({
          user_id: user.id,
          kind: "race_prize",
          title: `You placed #${winner.position} in ${race.title}`,
          message: `Your prize of $${prize} is paid within 24 hours of the race's completion.`,
          race_id: race.id,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

/**
 * Another not-completed monthly race (upcoming or live) in the UTC month where `race` starts, when
 * `race` is itself a not-completed monthly race: a month has one monthly race at a time. Also
 * guarded in the database (migration 0007), this names the race in the way.
 */
export async function findLiveMonthlyRaceClash(
  executor: Executor,
  race: { type: RaceType; status: RaceStatus; startDate: string },
  exceptId: number | null,
): Promise<RaceView | null> {
  if (race.type !== "monthly" || race.status === "completed") return null;
  const { start, end } = utcMonthWindow(new Date(race.startDate));
  let query = executor
    .selectFrom("races")
    .selectAll()
    .where("type", "=", "monthly")
    .where("status", "!=", "completed")
    .where("start_date", ">=", start.toISOString())
    .where("start_date", "<", end.toISOString());
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  const row = await query.orderBy("id").executeTakeFirst();
  return row ? toRaceView(row) : null;
}

/** Live races whose end has passed, oldest first: the completion job's work list. */
export async function findDueRaces(now: Date = new Date()): Promise<number[]> {
  const rows = await db
    .selectFrom("races")
    .select("id")
    .where("status", "=", "live")
    .where("end_date", "<=", now.toISOString())
    .orderBy("end_date")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Makes sure the UTC month of `now` has a monthly race: unless an admin has configured a monthly
 * race starting in that month (in any status), the automatic one ($500, the spec's shares,
 * minimum wager $1) is created live. The unique index on automatic races' start makes a second
 * attempt a no-op; with the check above it never meets the one-live-monthly-race-per-month guard
 * (`findLiveMonthlyRaceClash`). Returns the created race.
 */
export async function ensureMonthlyRace(now: Date = new Date()): Promise<RaceView | null> {
  const { start, end } = utcMonthWindow(now);
  return db.transaction().execute(async (trx) => {
    const configured = await trx
      .selectFrom("races")
      .select("id")
      .where("type", "=", "monthly")
      .where("start_date", ">=", start.toISOString())
      .where("start_date", "<", end.toISOString())
      .executeTakeFirst();
    if (configured) return null;
    const stamp = now.toISOString();
    const row = await trx
      .insertInto("races")
      .values({
        title: `${utcMonthName(start)} Monthly Wager Race`,
        type: "monthly",
        status: "live",
        prize_pool_cents: MONTHLY_RACE_POOL_CENTS,
        min_wager: MONTHLY_RACE_MIN_WAGER,
        start_date: start.toISOString(),
        end_date: end.toISOString(),
        prize_distribution: JSON.stringify(MONTHLY_RACE_SHARES),
        rules: null,
        description: "Wager on Goated under our code during the month; the top 10 share $500.",
        is_automatic: 1,
        created_at: stamp,
        created_by: null,
        updated_at: stamp,
        updated_by: null,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? toRaceView(row) : null;
  });
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
async function racePositionOf(uid: string, now: Date): Promise<RacePosition | null> {
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
    position: current.position,
    totalParticipants: standings.length,
    wagerAmount: current.wager,
    previousPosition,
    raceType: race.type,
    raceTitle: race.title,
    endDate: race.endDate,
  };
}

async function playerUidFor(who: { userId?: number; username?: string }) {
  if (who.userId !== undefined) {
    const uid = await linkedPlayerUid(who.userId);
    if (uid) return uid;
  }
  if (!who.username) return null;
  const player = await db
    .selectFrom("players")
    .select("uid")
    .where(sql`lower(name)`, "=", who.username.toLowerCase())
    .orderBy("all_time", "desc")
    .executeTakeFirst();
  return player?.uid ?? null;
}

/**
 * What /wager-races, the monthly race page, shows (spec §4): for an hour after a monthly race
 * completed at its end, that race; else the current race (completed once its end has passed, even
 * before the job froze it); else the last completed race. Null when no race was ever run.
 */
export async function currentRaceBoard(now: Date = new Date()): Promise<RaceBoardData | null> {
  const previous = await findPreviousRace();
  const inTransition =
    previous?.type === "monthly" &&
    previous.completedAt &&
    previous.completedAt >= previous.endDate &&
    transitionEnds(previous) > now.toISOString();
  const current = inTransition ? null : await findCurrentRace(now);
  const race = current ?? previous;
  if (!race) return null;
  const ended = race.endDate <= now.toISOString() || race.status === "completed";
  return {
    race,
    participants: await raceParticipants(race, now),
    view: ended ? "completed" : "active",
    nextRaceStart: ended ? await nextRaceStart(now) : null,
    transitionEnds: inTransition && previous ? transitionEnds(previous) : null,
  };
}

/** One race's own page: upcoming, running, or completed (frozen) once its end has passed. */
export async function raceBoard(id: number, now: Date = new Date()): Promise<RaceBoardData | null> {
  const race = await findRace(id);
  if (!race) return null;
  const instant = now.toISOString();
  const view =
    race.status === "completed" || race.endDate <= instant
      ? "completed"
      : race.status === "upcoming" || race.startDate > instant
        ? "upcoming"
        : "active";
  return {
    race,
    participants: view === "upcoming" ? [] : await raceParticipants(race, now),
    view,
    nextRaceStart: null,
    transitionEnds: null,
  };
}

/** Provider totals of the given players (for the previous race's participants in the API). */
export async function playerTotals(uids: string[]) {
  if (uids.length === 0) return new Map<string, { allTime: number; updatedAt: string }>();
  const rows = await db
    .selectFrom("players")
    .select(["uid", "all_time", "updated_at"])
    .where("uid", "in", uids)
    .execute();
  return new Map(rows.map((r) => [r.uid, { allTime: r.all_time, updatedAt: r.updated_at }]));
}

/**
 * What the profile's Wager Races tab shows for a user: the link prompt without a linked provider
 * account, else their position (never a made-up one: a failure is reported as such).
 */
export async function loadRacePositionCard(
  userId: number,
  now: Date = new Date(),
): Promise<RacePositionCardData> {
  try {
    const uid = await linkedPlayerUid(userId);
    if (!uid) return { kind: "unlinked" };
    const position = await racePositionOf(uid, now);
    return position ? { kind: "loaded", position, now: now.toISOString() } : { kind: "absent" };
  } catch (error) {
    console.error("race position card: loading failed", error);
    return { kind: "error" };
  }
}
