import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertUser } from "../../factories";
import type { WagerChart, WagerChartState } from "~/domain/wager-chart";
import { db } from "~/services/db.server";
import { computeStandings } from "~/services/races/race-standings.server";
import { raceBoard } from "~/services/races/race-views.server";
import { memberWagerChart, raceWagerChart } from "~/services/players/wager-charts.server";

const NOV = "2026-11-01T00:00:00.000Z";
const DEC = "2026-12-01T00:00:00.000Z";
const now = new Date("2026-11-21T12:00:00.000Z");

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("race_results").execute();
  await db.deleteFrom("races").execute();
  await db.deleteFrom("wager_snapshots").execute();
  await db.deleteFrom("players").execute();
  await db.deleteFrom("users").execute();
});

function shown(state: WagerChartState): WagerChart {
  if (state.state !== "shown") throw new Error(`no chart: ${state.state}`);
  return state.chart;
}

/** Three players as syncs leave them: snapshots before the race, during it, and after its end. */
async function seedPlayers() {
  await insertPlayer(db, {
    uid: "u1",
    name: "Alpha",
    snapshots: [
      ["2026-10-20T10:00:00.000Z", 1_000],
      ["2026-11-03T10:00:00.000Z", 1_600.25],
      ["2026-11-10T18:00:00.000Z", 2_500.5],
      ["2026-11-21T09:30:00.000Z", 4_000],
    ],
  });
  await insertPlayer(db, {
    uid: "u2",
    name: "Bravo",
    snapshots: [
      [NOV, 300],
      ["2026-11-12T00:00:00.000Z", 900],
      ["2026-11-20T23:00:00.000Z", 1_300],
    ],
  });
  // Joined during the race: counts from 0.
  await insertPlayer(db, {
    uid: "u3",
    name: "Charlie",
    snapshots: [["2026-11-15T08:00:00.000Z", 42]],
  });
}

async function boardOf(raceId: number, at: Date) {
  const board = await raceBoard(raceId, at);
  if (!board) throw new Error("no race");
  return board;
}

describe("a race's wager chart", () => {
  it("draws the top 10 to the data's time, at every day end as the standings count it, projected to the end", async () => {
    await seedPlayers();
    const raceId = await insertRace(db, { start_date: NOV, end_date: DEC, min_wager: 0 });
    const board = await boardOf(raceId, now);
    const chart = shown(await raceWagerChart(board, now));

    // The data's time is the newest snapshot, not the request's.
    expect(chart.asOf).toBe("2026-11-21T09:30:00.000Z");
    expect(chart.projected).toBe(true);
    expect(chart.end).toBe(DEC);
    // Each line's figure now is its standing's, in the standings' order.
    const standings = await computeStandings({ startDate: NOV, endDate: DEC, minWager: 0 }, now);
    expect(chart.lines.map((line) => [line.position, line.name, line.wager])).toEqual(
      standings.map((s) => [s.position, s.name, s.wager]),
    );
    const [alpha] = chart.lines;
    const days = (Date.parse(chart.asOf) - Date.parse(NOV)) / 86_400_000;
    expect(alpha!.pacePerDay).toBeCloseTo(3_000 / days, 2);
    expect(alpha!.projectedFinish).toBeCloseTo(3_000 + (3_000 / days) * (30 - days), 1);
    expect(alpha!.projectionPath).not.toBeNull();
    // One point per UTC day end in between (the 2nd to the 21st), plus the start and the data's time.
    expect(alpha!.path.split("L")).toHaveLength(22);
  });

  it("has, at a day end, each player's standing as of that instant", async () => {
    await seedPlayers();
    const raceId = await insertRace(db, { start_date: NOV, end_date: DEC, min_wager: 0 });
    const midRace = new Date("2026-11-12T00:00:00.000Z");
    // The chart as of the 12th: the last point is at Bravo's snapshot of the 12th.
    const chart = shown(await raceWagerChart(await boardOf(raceId, midRace), midRace));
    const standings = await computeStandings(
      { startDate: NOV, endDate: DEC, minWager: 0 },
      midRace,
    );
    expect(chart.asOf).toBe(midRace.toISOString());
    expect(chart.lines.map((line) => [line.uid, line.wager])).toEqual(
      standings.map((s) => [s.uid, s.wager]),
    );
    expect(standings.map((s) => [s.uid, s.wager])).toEqual([
      ["u1", 1_500.5],
      ["u2", 600],
    ]);
  });

  it("shows a completed race's final curve to its end, without projection, with its frozen figures", async () => {
    await seedPlayers();
    const end = "2026-11-15T00:00:00.000Z";
    const raceId = await insertRace(db, {
      start_date: NOV,
      end_date: end,
      status: "completed",
      completed_at: end,
      results: [
        { uid: "u1", name: "Alpha", wager: 1_500.5, prizeCents: 10_000 },
        { uid: "u2", name: "Bravo", wager: 600, prizeCents: 6_000 },
      ],
    });
    const chart = shown(await raceWagerChart(await boardOf(raceId, now), now));
    expect(chart).toMatchObject({ asOf: end, end, projected: false, projectionX: null });
    expect(chart.lines.map((line) => [line.position, line.wager, line.projectedFinish])).toEqual([
      [1, 1_500.5, null],
      [2, 600, null],
    ]);
    expect(chart.lines[0]!.pacePerDay).toBeCloseTo(1_500.5 / 14, 2);
  });

  it("draws no curve that would contradict a frozen result (its snapshots since deleted)", async () => {
    await seedPlayers();
    const raceId = await insertRace(db, {
      start_date: NOV,
      end_date: "2026-11-15T00:00:00.000Z",
      status: "completed",
      completed_at: "2026-11-15T00:00:00.000Z",
      results: [
        { uid: "u1", name: "Alpha", wager: 1_500.5, prizeCents: 10_000 },
        { uid: "gone", name: "Gone", wager: 900, prizeCents: 6_000 },
      ],
    });
    expect(await raceWagerChart(await boardOf(raceId, now), now)).toEqual({ state: "empty" });
  });

  it("says so, with no chart, for an upcoming race and for a race with no wager yet", async () => {
    await seedPlayers();
    const upcoming = await insertRace(db, {
      start_date: DEC,
      end_date: "2027-01-01T00:00:00.000Z",
      status: "upcoming",
    });
    expect(await raceWagerChart(await boardOf(upcoming, now), now)).toEqual({
      state: "upcoming",
    });
    // Started after every snapshot: nobody has wagered in it yet.
    const justStarted = await insertRace(db, {
      start_date: "2026-11-21T10:00:00.000Z",
      end_date: DEC,
    });
    expect(await raceWagerChart(await boardOf(justStarted, now), now)).toEqual({
      state: "empty",
    });
  });

  it("follows a new sync's snapshots (kept per snapshot generation, not for ever)", async () => {
    await seedPlayers();
    const raceId = await insertRace(db, { start_date: NOV, end_date: DEC, min_wager: 0 });
    const before = shown(await raceWagerChart(await boardOf(raceId, now), now));
    await db
      .insertInto("wager_snapshots")
      .values({ uid: "u3", taken_at: "2026-11-21T11:00:00.000Z", all_time: 10_042 })
      .execute();
    const after = shown(await raceWagerChart(await boardOf(raceId, now), now));
    expect(before.lines[0]!.name).toBe("Alpha");
    expect(after.lines[0]).toMatchObject({ name: "Charlie", wager: 10_042 });
    expect(after.asOf).toBe("2026-11-21T11:00:00.000Z");
  });
});

describe("a member's wager chart", () => {
  it("draws their linked player's wager over the 30 days to the data's time, without projection", async () => {
    await seedPlayers();
    const userId = await insertUser(db, { username: "alpha_member", goated_id: "u1" });
    const chart = shown(await memberWagerChart(userId, now));
    expect(chart.asOf).toBe("2026-11-21T09:30:00.000Z");
    expect(chart.from).toBe("2026-10-22T09:30:00.000Z");
    expect(chart.projected).toBe(false);
    expect(chart.lines).toHaveLength(1);
    // Named as the member, not as the provider player (their profile does not say which is theirs).
    expect(chart.lines[0]).toMatchObject({
      name: "alpha_member",
      position: null,
      wager: 3_000,
      pacePerDay: 100,
      projectedFinish: null,
    });
  });

  it("says there is nothing to chart without a linked player or a wager in the 30 days", async () => {
    await seedPlayers();
    expect(await memberWagerChart(await insertUser(db), now)).toEqual({ state: "empty" });
    await insertPlayer(db, {
      uid: "idle",
      snapshots: [["2026-09-01T00:00:00.000Z", 5_000]],
    });
    const idle = await insertUser(db, { goated_id: "idle" });
    expect(await memberWagerChart(idle, now)).toEqual({ state: "empty" });
  });
});
