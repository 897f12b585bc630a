import { sql } from "kysely";
import type { RaceBoardData } from "~/domain/race";
import { layoutWagerChart, sampleInstants, wagerSince } from "~/domain/wager-chart";
import type { ChartSeries, WagerChartState } from "~/domain/wager-chart";
import { versionedCache } from "~/server/cache.server";
import { db } from "~/services/db.server";

/**
 * The wager charts (issue 32 item 5): a race's top 10 over its window, and a member's player over
 * the 30 days to the latest sync, from the sync's wager snapshots.
 */

export const PLAYER_CHART_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Charts change only when a sync writes snapshots: the newest snapshot's id names the data (as
 * in computeStandings), and a key the rest of what a chart depends on.
 */
const charts = versionedCache<Promise<WagerChartState>>({ max: 64 });

async function newestSnapshotId(): Promise<string> {
  const newest = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.max("id").as("value"))
    .executeTakeFirst();
  return String(newest?.value ?? 0);
}

/** The instant of the newest snapshot at or before `until` (the data's time), if any. */
async function dataTimeAt(until: string): Promise<string | null> {
  const latest = await db
    .selectFrom("wager_snapshots")
    .select((eb) => eb.fn.max("taken_at").as("value"))
    .where("taken_at", "<=", until)
    .executeTakeFirst();
  return latest?.value ?? null;
}

/**
 * Each player's all-time total at each instant: their latest snapshot at or before it, as the race
 * standings read it (null where they had none). One index lookup per player and instant.
 */
export async function totalsAt(
  uids: readonly string[],
  instants: readonly string[],
): Promise<Map<string, Array<number | null>>> {
  const { rows } = await sql<{ uid: string; at: string; total: number | null }>`
    with instants (at) as (values ${sql.join(instants.map((at) => sql`(${at})`))}),
    chosen (uid) as (values ${sql.join(uids.map((uid) => sql`(${uid})`))})
    select chosen.uid as uid, instants.at as at,
      (select all_time from wager_snapshots
       where wager_snapshots.uid = chosen.uid and wager_snapshots.taken_at <= instants.at
       order by wager_snapshots.taken_at desc limit 1) as total
    from chosen cross join instants`.execute(db);
  const index = new Map(instants.map((at, i) => [at, i]));
  const totals = new Map(uids.map((uid) => [uid, instants.map((): number | null => null)]));
  for (const row of rows) {
    const series = totals.get(row.uid);
    const at = index.get(row.at);
    if (series && at !== undefined) series[at] = row.total === null ? null : Number(row.total);
  }
  return totals;
}

async function seriesOf(
  players: ReadonlyArray<{ uid: string; name: string; position: number | null }>,
  instants: readonly string[],
): Promise<ChartSeries[]> {
  const totals = await totalsAt(
    players.map((p) => p.uid),
    instants,
  );
  return players.map((player) => ({
    ...player,
    wagers: wagerSince(totals.get(player.uid) ?? []),
  }));
}

/**
 * A race board's chart: its top 10's wager from its start to the data's time (the race's end once
 * it is over), each projected to the end at their pace while it runs.
 */
export async function raceWagerChart(
  board: Pick<RaceBoardData, "race" | "participants" | "view">,
  now: Date = new Date(),
): Promise<WagerChartState> {
  const { race, participants, view } = board;
  if (view === "upcoming") return { state: "upcoming" };
  if (participants.length === 0) return { state: "empty" };
  const completed = view === "completed";
  // A completed race's results were computed at its completion, if that came before its end.
  const closedAt = completed ? (race.completedAt ?? race.endDate) : now.toISOString();
  const until = closedAt < race.endDate ? closedAt : race.endDate;
  const dataTime = await dataTimeAt(until);
  if (!dataTime || dataTime <= race.startDate) return { state: "empty" };
  const asOf = completed ? until : dataTime;
  const players = participants.map(({ uid, name, position }) => ({ uid, name, position }));
  const figures = participants.map((p) => [p.uid, p.name, p.position, p.wager]);
  return charts.get({
    version: await newestSnapshotId(),
    key: ["race", race.startDate, asOf, race.endDate, JSON.stringify(figures)].join("|"),
    compute: async () => {
      const instants = sampleInstants(race.startDate, asOf, now);
      const series = await seriesOf(players, instants);
      // The same rule on the same snapshots gives the standings' figures; where it does not (a
      // result frozen from snapshots since deleted with their player), a curve would contradict
      // the table above it.
      const agrees = series.every(
        (line, i) => Math.abs((line.wagers.at(-1) ?? 0) - participants[i]!.wager) < 0.005,
      );
      if (!agrees) return { state: "empty" };
      return {
        state: "shown",
        chart: layoutWagerChart({ instants, series, projectTo: completed ? null : race.endDate }),
      };
    },
  });
}

/**
 * The member `userId`'s linked player's wager over the PLAYER_CHART_DAYS to the data's time, named
 * by the member's username: their public profile does not say which provider player is theirs.
 */
export async function memberWagerChart(
  userId: number,
  now: Date = new Date(),
): Promise<WagerChartState> {
  const member = await db
    .selectFrom("users")
    .select(["username", "goated_id as uid"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!member?.uid) return { state: "empty" };
  return playerWagerChart(member.uid, member.username, now);
}

/** The player `uid`'s wager over the PLAYER_CHART_DAYS to the data's time, its line named `name`. */
export async function playerWagerChart(
  uid: string,
  name: string,
  now: Date = new Date(),
): Promise<WagerChartState> {
  const asOf = await dataTimeAt(now.toISOString());
  if (!asOf) return { state: "empty" };
  return charts.get({
    version: await newestSnapshotId(),
    key: ["player", uid, name, asOf].join("|"),
    compute: async () => {
      const from = new Date(Date.parse(asOf) - PLAYER_CHART_DAYS * DAY_MS).toISOString();
      const instants = sampleInstants(from, asOf, now);
      const series = await seriesOf([{ uid, name, position: null }], instants);
      if (!series.some((line) => (line.wagers.at(-1) ?? 0) > 0)) return { state: "empty" };
      return { state: "shown", chart: layoutWagerChart({ instants, series, projectTo: null }) };
    },
  });
}
