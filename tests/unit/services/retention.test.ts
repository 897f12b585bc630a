import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace } from "../../factories";
import { db } from "~/services/db.server";
import { computeStandings } from "~/services/races/race-standings.server";
import { compactWagerSnapshots, pruneSyncRuns } from "~/services/operations/retention.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date("2026-06-15T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
/** 120 days of 10-minute syncs for 6 players, each changing at about half of them. */
const FIRST_SYNC = now.getTime() - 120 * DAY;
const PLAYERS = ["p1", "p2", "p3", "p4", "p5", "p6"];

/** Race windows in every tier, with boundaries off the hour; past, live and upcoming. */
const RACES = [
  { start_date: "2026-02-16T00:00:00.000Z", end_date: "2026-03-01T00:00:00.000Z" },
  { start_date: "2026-02-20T10:17:00.000Z", end_date: "2026-02-27T03:41:00.000Z" },
  { start_date: "2026-03-01T00:00:00.000Z", end_date: "2026-04-01T00:00:00.000Z" },
  { start_date: "2026-04-03T07:07:00.000Z", end_date: "2026-05-19T13:13:00.000Z" },
  { start_date: "2026-06-01T00:00:00.000Z", end_date: "2026-07-01T00:00:00.000Z" },
  { start_date: "2026-06-12T09:30:00.000Z", end_date: "2026-06-19T09:30:00.000Z" },
  { start_date: "2026-06-17T00:00:00.000Z", end_date: "2026-06-24T00:00:00.000Z" },
];

beforeAll(async () => {
  await migrateToLatest(db);
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (const uid of PLAYERS) await insertPlayer(db, { uid });
  const totals = new Map(PLAYERS.map((uid) => [uid, 0]));
  const snapshots: { uid: string; taken_at: string; all_time: number }[] = [];
  for (let at = FIRST_SYNC; at <= now.getTime(); at += 10 * 60_000) {
    for (const uid of PLAYERS) {
      if (random() < 0.5) continue;
      const total = totals.get(uid)! + Math.round(random() * 10_000) / 100;
      totals.set(uid, total);
      snapshots.push({ uid, taken_at: iso(at), all_time: total });
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < snapshots.length; start += 2000) {
      await trx
        .insertInto("wager_snapshots")
        .values(snapshots.slice(start, start + 2000))
        .execute();
    }
  });
  for (const race of RACES) await insertRace(db, race);
});

/** Every race's standings as they read now (live and upcoming ones up to now), uncached. */
const allStandings = () =>
  db.transaction().execute(async (trx) => {
    const standings = [];
    for (const race of RACES) {
      const window = { startDate: race.start_date, endDate: race.end_date, minWager: 0 };
      standings.push(await computeStandings(window, now, trx));
    }
    return standings;
  });

/** Each player's all-time total at an instant (the latest snapshot at or before it). */
async function totalsAt(instant: string) {
  const { rows } = await sql<{ uid: string; all_time: number }>`
    SELECT s.uid, s.all_time FROM wager_snapshots s
    WHERE s.taken_at = (SELECT max(taken_at) FROM wager_snapshots
                        WHERE uid = s.uid AND taken_at <= ${instant})
    ORDER BY s.uid`.execute(db);
  return rows.map((row) => [row.uid, row.all_time]);
}

const snapshotsSince = async (from: string) =>
  (await db.selectFrom("wager_snapshots").selectAll().where("taken_at", ">=", from).execute())
    .length;

/** (player, bucket) pairs holding more than one snapshot among those taken in [from, until). */
async function crowdedBuckets(from: number, until: number, size: number) {
  const rows = await db
    .selectFrom("wager_snapshots")
    .select(["uid", "taken_at"])
    .where("taken_at", ">=", iso(from))
    .where("taken_at", "<", iso(until))
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.uid} ${Math.ceil(Date.parse(row.taken_at) / size)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([key]) => key);
}

describe("wager snapshot compaction", { timeout: 60_000 }, () => {
  it("keeps every race window exact, full detail for 7 days, then hourly, then daily", async () => {
    const before = await allStandings();
    // Every race but the upcoming one (the last) has wagers so far.
    expect(before.slice(0, -1).every((standings) => standings.length > 0)).toBe(true);
    const hourEnds = [30, 60, 89].map((days) =>
      iso(Math.ceil((now.getTime() - days * DAY) / HOUR) * HOUR),
    );
    const dayEnds = [95, 110].map((days) =>
      iso(Math.ceil((now.getTime() - days * DAY) / DAY) * DAY),
    );
    const totalsBefore = await Promise.all([...hourEnds, ...dayEnds].map(totalsAt));
    const recentBefore = await snapshotsSince(iso(now.getTime() - 7 * DAY));
    const countBefore = await snapshotsSince("");

    const deleted = await compactWagerSnapshots(now, { rowsPerStep: 1_000 });

    expect(deleted).toBeGreaterThan(countBefore / 2);
    expect(await snapshotsSince("")).toBe(countBefore - deleted);
    expect(await allStandings()).toEqual(before);
    expect(await Promise.all([...hourEnds, ...dayEnds].map(totalsAt))).toEqual(totalsBefore);
    expect(await snapshotsSince(iso(now.getTime() - 7 * DAY))).toBe(recentBefore);
    // Hourly between 7 and 90 days, daily before (a bucket may hold a race boundary's snapshot).
    const boundaryBuckets = (size: number) =>
      RACES.flatMap((race) => [race.start_date, race.end_date]).map((at) =>
        Math.ceil(Date.parse(at) / size),
      );
    const crowded = async (from: number, until: number, size: number) =>
      (await crowdedBuckets(from, until, size)).filter(
        (key) =>
          !boundaryBuckets(size).includes(Number(key.split(" ")[1])) &&
          !boundaryBuckets(size).includes(Number(key.split(" ")[1]) - 1),
      );
    expect(await crowded(now.getTime() - 89 * DAY, now.getTime() - 8 * DAY, HOUR)).toEqual([]);
    expect(await crowded(FIRST_SYNC + DAY, now.getTime() - 91 * DAY, DAY)).toEqual([]);
    expect(
      (await crowdedBuckets(now.getTime() - 89 * DAY, now.getTime() - 8 * DAY, DAY)).length,
    ).toBeGreaterThan(0);

    // A second pass finds nothing more to delete.
    expect(await compactWagerSnapshots(now)).toBe(0);
  });

  it("reads only what aged meanwhile after a pass, and leaves nothing a full pass would delete", async () => {
    const later = new Date(now.getTime() + 3 * DAY);
    expect(await compactWagerSnapshots(later, { since: now })).toBeGreaterThan(0);
    expect(await compactWagerSnapshots(later)).toBe(0);
  });
});

describe("sync run pruning", () => {
  it("deletes finished runs older than 90 days but keeps the newest successful one", async () => {
    const run = (daysAgo: number, outcome: "success" | "failed" | "running") =>
      db
        .insertInto("sync_runs")
        .values({ source: "provider", started_at: iso(now.getTime() - daysAgo * DAY), outcome })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const oldSuccess = await run(120, "success");
    const oldFailure = await run(100, "failed");
    const onlySuccess = await run(95, "success");
    const oldRunning = await run(95, "running");
    const recent = await run(10, "failed");
    expect(await pruneSyncRuns(now)).toBe(2);
    const left = (await db.selectFrom("sync_runs").select("id").execute()).map((row) => row.id);
    expect(left).toEqual([onlySuccess, oldRunning, recent]);
    expect(left).not.toContain(oldSuccess);
    expect(left).not.toContain(oldFailure);
  });
});
