import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertSession, insertUser } from "../../factories";
import { analyticsReport } from "~/services/admin/admin-analytics.server";
import { db } from "~/services/db.server";

// The admin analytics' queries against a real SQLite file, on a fixed clock.
const now = new Date("2026-11-21T12:00:00.000Z");
const at = (day: string, time = "10:00:00") => `${day}T${time}.000Z`;

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36";

let weeklyRace: number;
let completedRace: number;

beforeAll(async () => {
  await migrateToLatest(db);
  // Registrations: two on the 20th, one today, one long before the range.
  const ann = await insertUser(db, { created_at: at("2026-11-20") });
  const bob = await insertUser(db, { created_at: at("2026-11-20", "23:59:59") });
  await insertUser(db, { created_at: at("2026-11-21") });
  await insertUser(db, { created_at: at("2026-01-01") });

  // Daily active users: both on the 20th, Ann alone today.
  await db
    .insertInto("user_activity_days")
    .values([
      { day: "2026-11-20", user_id: ann },
      { day: "2026-11-20", user_id: bob },
      { day: "2026-11-21", user_id: ann },
      { day: "2026-09-01", user_id: bob },
    ])
    .execute();

  // Sessions: two iPhones and one Windows PC used in the range, one Windows PC long idle.
  await insertSession(db, ann, { user_agent: IPHONE, now: new Date(at("2026-11-19")) });
  await insertSession(db, bob, { user_agent: IPHONE, now: new Date(at("2026-11-21")) });
  await insertSession(db, bob, { user_agent: WINDOWS, now: new Date(at("2026-11-21")) });
  await insertSession(db, bob, {
    user_agent: WINDOWS,
    now: new Date(at("2026-09-01")),
    last_active_at: at("2026-09-01"),
  });

  // Syncs: the 20th has two successes (100 then 120 players) and a failure; today one success.
  await db
    .insertInto("sync_runs")
    .values([
      {
        source: "provider",
        started_at: at("2026-11-20", "01:00:00"),
        finished_at: at("2026-11-20", "01:00:05"),
        outcome: "success",
        players_count: 100,
      },
      {
        source: "provider",
        started_at: at("2026-11-20", "02:00:00"),
        finished_at: at("2026-11-20", "02:00:05"),
        outcome: "success",
        players_count: 120,
      },
      {
        source: "provider",
        started_at: at("2026-11-20", "03:00:00"),
        finished_at: at("2026-11-20", "03:00:05"),
        outcome: "failed",
        players_count: 0,
        error: "HTTP 500",
      },
      {
        source: "provider",
        started_at: at("2026-11-21", "01:00:00"),
        finished_at: at("2026-11-21", "01:00:05"),
        outcome: "success",
        players_count: 121,
      },
      {
        source: "provider",
        started_at: at("2026-11-21", "11:59:00"),
        outcome: "running",
        players_count: 0,
      },
    ])
    .execute();

  // Wagers: one player known since October wagers 50 on the 20th and 25 today; a new player's
  // first snapshot (today) starts their count and adds nothing.
  const early = await insertPlayer(db, {
    snapshots: [
      [at("2026-10-01"), 1000],
      [at("2026-11-20", "01:00:00"), 1030],
      [at("2026-11-20", "02:00:00"), 1050],
      [at("2026-11-21", "01:00:00"), 1075],
    ],
  });
  const late = await insertPlayer(db, { snapshots: [[at("2026-11-21", "01:00:00"), 5000]] });

  // Races: a live weekly race in which both players wagered (the late one from 0), a completed
  // race with two results, one long over and one still to come.
  weeklyRace = await insertRace(db, {
    start_date: at("2026-11-16", "00:00:00"),
    end_date: at("2026-11-23", "00:00:00"),
  });
  completedRace = await insertRace(db, {
    title: "October",
    type: "monthly",
    status: "completed",
    start_date: at("2026-10-15", "00:00:00"),
    end_date: at("2026-11-15", "00:00:00"),
    results: [
      { uid: early, name: early, wager: 75, prizeCents: 10_000 },
      { uid: late, name: late, wager: 5000, prizeCents: 6_000 },
    ],
  });
  await insertRace(db, {
    status: "completed",
    start_date: at("2026-08-01", "00:00:00"),
    end_date: at("2026-08-08", "00:00:00"),
  });
  await insertRace(db, {
    status: "upcoming",
    start_date: at("2026-11-23", "00:00:00"),
    end_date: at("2026-11-30", "00:00:00"),
  });
});

const lastDays = (points: Array<{ value: number | null }>, n: number) =>
  points.slice(-n).map((point) => point.value);

describe("analyticsReport", () => {
  it("counts registrations and daily active users per UTC day of the range", async () => {
    const report = await analyticsReport(7, now);
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1)).toBe("2026-11-21");
    expect(lastDays(report.registrations, 3)).toEqual([0, 2, 1]);
    expect(lastDays(report.activeUsers, 3)).toEqual([0, 2, 1]);
    expect(report.registrations).toHaveLength(7);
  });

  it("counts the sessions used in the range by device", async () => {
    const report = await analyticsReport(7, now);
    expect(report.devices).toEqual([
      { label: "iPhone", value: 2 },
      { label: "Windows PC", value: 1 },
    ]);
    // The long-idle Windows session is inside a 90-day range; ties go by name.
    expect((await analyticsReport(90, now)).devices).toEqual([
      { label: "iPhone", value: 2 },
      { label: "Windows PC", value: 2 },
    ]);
  });

  it("shows players synced (the day's largest successful sync), wagers and the sync success rate", async () => {
    const report = await analyticsReport(7, now);
    expect(lastDays(report.playersSynced, 3)).toEqual([null, 120, 121]);
    expect(lastDays(report.wagered, 3)).toEqual([0, 50, 25]);
    expect(report.syncRuns).toEqual([
      { day: "2026-11-20", succeeded: 2, failed: 1 },
      { day: "2026-11-21", succeeded: 1, failed: 0 },
    ]);
    expect(lastDays(report.syncSuccessRates, 3)).toEqual([null, 66.7, 100]);
    expect(report.syncSuccessRate).toBe(75);
  });

  it("lists the races that ran during the range with their participants and results", async () => {
    const week = await analyticsReport(7, now);
    expect(week.races.map((race) => race.id)).toEqual([weeklyRace]);
    expect(week.races[0]).toMatchObject({ participants: 2, results: 0, status: "live" });

    const month = await analyticsReport(30, now);
    expect(month.races.map((race) => [race.id, race.results])).toEqual([
      [weeklyRace, 0],
      [completedRace, 2],
    ]);
    const october = month.races[1];
    // Only the early player wagered inside October's window (1000 -> nothing before the 15th).
    expect(october?.participants).toBe(0);
  });
});
