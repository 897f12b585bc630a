import { sql } from "kysely";
import type { Race, RaceResult } from "~db/schema";
import type { Participant, RaceStatus, RaceType, RaceView } from "~/domain/race";
import {
  MONTHLY_RACE_MIN_WAGER,
  MONTHLY_RACE_POOL_CENTS,
  MONTHLY_RACE_SHARES,
  parseDistribution,
} from "~/domain/race-prizes";
import { startOfNextUtcMonth, utcMonthName, utcMonthWindow } from "~/domain/race-time";
import { db } from "~/services/db.server";
import type { Executor } from "~/services/db.server";
import { publicNames } from "~/services/players/player-names.server";

/**
 * The race store: races read from and written to the races table as RaceViews, the queries that
 * find the current, previous, next and due races, and the automatic monthly race.
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

/** The database or the transaction a query runs in. */

export async function findRace(id: number, executor: Executor = db): Promise<RaceView | null> {
  const row = await executor
    .selectFrom("races")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
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

/** Completed races, newest first, each with its frozen results (the paid top 10), names public. */
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
  // Names as the public sees them (docs/decisions/0081).
  const shown = await publicNames(results.map(toFrozenParticipant));
  return races.map((row, i) => ({
    race: toRaceView(row),
    results: shown.filter((_, j) => results[j]!.race_id === races[i]!.id),
  }));
}

/**
 * A completed race's frozen result as the race pages show it, with the date its prize was paid;
 * never the ledger's private columns (who marked it, why it is held).
 */
export function toFrozenParticipant(row: RaceResult): Participant {
  return {
    position: row.position,
    uid: row.uid,
    name: row.name,
    wager: row.wager,
    prizeCents: row.prize_cents,
    paidAt: row.payout_status === "paid" ? row.paid_at : null,
  };
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
 * race starting in that month (in any status), the automatic one ($500, the published shares,
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
