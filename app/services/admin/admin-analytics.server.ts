import { sql } from "kysely";
import {
  dailySuccessRates,
  dayWindow,
  fillDays,
  sessionsByDevice,
  successRate,
} from "~/domain/admin-analytics";
import type { AnalyticsRange, DailyPoint, SyncDay } from "~/domain/admin-analytics";
import type { RaceStatus, RaceType } from "~/domain/race";
import type { DeviceName } from "~/domain/user-agent";
import { db } from "~/services/db.server";
import { computeStandings } from "~/services/races/race-standings.server";
import { toRaceView } from "~/services/races/race-store.server";

/**
 * The figures of the admin analytics page (docs/product.md §A2 "Analytics") over the last `range`
 * UTC days. Days are the first ten characters of the stored ISO instants (UTC, docs/decisions/0003).
 */

export interface RaceParticipation {
  id: number;
  title: string;
  type: RaceType;
  status: RaceStatus;
  startDate: string;
  /** Players whose wager in the race's window reaches its minimum (its standings). */
  participants: number;
  /** The frozen result rows (its paid places), 0 until it completes. */
  results: number;
}

export interface AnalyticsReport {
  range: AnalyticsRange;
  days: string[];
  registrations: DailyPoint[];
  activeUsers: DailyPoint[];
  /** Sessions still on record used in the range (ended and expired ones are deleted). */
  devices: Array<{ label: DeviceName; value: number }>;
  /** The most players a successful sync stored that day; null on days without one. */
  playersSynced: DailyPoint[];
  /** Dollars wagered that day by all players (from the wager snapshots). */
  wagered: DailyPoint[];
  races: RaceParticipation[];
  syncRuns: SyncDay[];
  syncSuccessRates: DailyPoint[];
  /** Over the whole range, in percent; null when no sync finished. */
  syncSuccessRate: number | null;
}

const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

async function registrationsPerDay(from: string) {
  return db
    .selectFrom("users")
    .select([day("created_at").as("day"), (eb) => eb.fn.countAll<number>().as("value")])
    .where("created_at", ">=", from)
    .groupBy("day")
    .execute();
}

async function activeUsersPerDay(firstDay: string) {
  return db
    .selectFrom("user_activity_days")
    .select(["day", (eb) => eb.fn.countAll<number>().as("value")])
    .where("day", ">=", firstDay)
    .groupBy("day")
    .execute();
}

async function sessionsPerUserAgent(from: string) {
  return db
    .selectFrom("sessions")
    .select(["user_agent as userAgent", (eb) => eb.fn.countAll<number>().as("sessions")])
    .where("last_active_at", ">=", from)
    .groupBy("user_agent")
    .execute();
}

async function syncRunsPerDay(from: string) {
  return db
    .selectFrom("sync_runs")
    .select([
      day("started_at").as("day"),
      sql<number>`count(case when outcome = 'success' then 1 end)`.as("succeeded"),
      sql<number>`count(case when outcome = 'failed' then 1 end)`.as("failed"),
      sql<number | null>`max(case when outcome = 'success' then players_count end)`.as("players"),
    ])
    .where("started_at", ">=", from)
    .where("outcome", "!=", "running")
    .groupBy("day")
    .orderBy("day")
    .execute();
}

/**
 * Each snapshot records a player's new all-time total, so what they wagered since their previous
 * snapshot is the difference; a player's first snapshot only starts their count.
 */
async function wageredPerDay(from: string) {
  const { rows } = await sql<{ day: string; value: number }>`
    select substr(s.taken_at, 1, 10) as day,
           sum(s.all_time - coalesce((
             select p.all_time from wager_snapshots p
             where p.uid = s.uid and p.taken_at < s.taken_at
             order by p.taken_at desc limit 1
           ), s.all_time)) as value
    from wager_snapshots s
    where s.taken_at >= ${from}
    group by day
  `.execute(db);
  return rows;
}

/** Races that ran during the range (started, and not ended before it), newest first. */
async function raceParticipation(from: string, now: Date): Promise<RaceParticipation[]> {
  const races = await db
    .selectFrom("races")
    .selectAll()
    .where("status", "!=", "upcoming")
    .where("start_date", "<=", now.toISOString())
    .where("end_date", ">", from)
    .orderBy("start_date", "desc")
    .orderBy("id", "desc")
    .execute();
  if (races.length === 0) return [];
  const results = await db
    .selectFrom("race_results")
    .select(["race_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where(
      "race_id",
      "in",
      races.map((race) => race.id),
    )
    .groupBy("race_id")
    .execute();
  const resultCounts = new Map(results.map((row) => [row.race_id, row.n]));
  const participation: RaceParticipation[] = [];
  // One race at a time: each standings query reads the snapshots, and this is a page for one admin.
  for (const row of races) {
    const race = toRaceView(row);
    participation.push({
      id: race.id,
      title: race.title,
      type: race.type,
      status: race.status,
      startDate: race.startDate,
      participants: (await computeStandings(race, now)).length,
      results: resultCounts.get(race.id) ?? 0,
    });
  }
  return participation;
}

export async function analyticsReport(
  range: AnalyticsRange,
  now: Date = new Date(),
): Promise<AnalyticsReport> {
  const { days, from } = dayWindow(now, range);
  const [registrations, activeUsers, userAgents, syncDays, wagered, races] = await Promise.all([
    registrationsPerDay(from),
    activeUsersPerDay(days[0] ?? from),
    sessionsPerUserAgent(from),
    syncRunsPerDay(from),
    wageredPerDay(from),
    raceParticipation(from, now),
  ]);
  const syncRuns = syncDays.map((row) => ({
    day: row.day,
    succeeded: row.succeeded,
    failed: row.failed,
  }));
  return {
    range,
    days,
    registrations: fillDays(days, registrations),
    activeUsers: fillDays(days, activeUsers),
    devices: sessionsByDevice(userAgents),
    playersSynced: fillDays(
      days,
      syncDays.flatMap((row) =>
        row.players === null ? [] : [{ day: row.day, value: row.players }],
      ),
      null,
    ),
    wagered: fillDays(days, wagered),
    races,
    syncRuns,
    syncSuccessRates: dailySuccessRates(days, syncRuns),
    syncSuccessRate: successRate(syncRuns),
  };
}
