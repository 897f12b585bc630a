// A sync becomes visible all at once (issue 30, docs/decisions/0052): a reader while a store runs
// sees exactly the last published sync, on SQLite (hidden rows, a published generation) and on
// PostgreSQL (one transaction); afterwards exactly the new one.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import type { Referral } from "~/domain/referral";
import { db } from "~/services/db.server";
import { STORE_BATCH, storeReferrals } from "~/services/players/player-store.server";
import {
  leaderboardPage,
  leaderboardSummary,
  periodEntries,
} from "~/services/players/player-queries.server";
import { raceParticipants } from "~/services/races/race-standings.server";
import { ensureMonthlyRace, findCurrentRace } from "~/services/races/race-store.server";
import { dataFreshness, startSyncRun } from "~/services/operations/sync-runs.server";

// Three batches: three transactions on SQLite (sliceMs 0), one on PostgreSQL.
const PLAYERS = STORE_BATCH * 3;
const referrals = (round: number): Referral[] =>
  Array.from({ length: PLAYERS + round * 10 }, (_, i) => ({
    uid: `whole${String(i).padStart(5, "0")}`,
    name: i % 7 === 0 ? `Whole ${i} round ${round}` : `Whole ${i}`,
    // Each round reverses the order: a top 10 half stored would mix the two.
    wagered: ((wager: number) => ({
      today: wager,
      this_week: wager,
      this_month: wager,
      all_time: 10_000 + wager,
    }))(round % 2 === 0 ? i + 1 + round : PLAYERS - i + round),
  }));

const now = new Date("2026-06-15T12:00:00.000Z");

/** What the pages, the stats API, the race API and the leaderboard push read. */
async function whatReadersSee() {
  const race = await findCurrentRace(now);
  const [top, search, summary, stats, standings] = await Promise.all([
    leaderboardPage({ period: "monthly", page: 2, pageSize: 10 }),
    leaderboardPage({ period: "all_time", search: "round" }),
    leaderboardSummary(10),
    periodEntries("monthly", { page: 1, limit: 10 }),
    raceParticipants(race!, now),
  ]);
  return {
    top: top.players.map((p) => [p.uid, p.name, p.wagered, p.rank]),
    periodPlayers: top.periodPlayers,
    found: search.players.map((p) => [p.uid, p.name]),
    summary,
    stats,
    standings: standings.slice(0, 10),
    racers: standings.length,
    stored: (
      await db
        .selectFrom("players")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  };
}

beforeAll(async () => {
  await migrateToLatest(db);
  await db.deleteFrom("players").execute();
  await ensureMonthlyRace(now);
});

describe("a store under way", { timeout: 60_000 }, () => {
  it("shows readers exactly the last store until it is done, then exactly the new one", async () => {
    await storeReferrals(referrals(1), { now, isDemo: false, sliceMs: 0 });
    const before = await whatReadersSee();
    expect(before.top).toHaveLength(10);

    let pauses = 0;
    const seenWhileStoring: Awaited<ReturnType<typeof whatReadersSee>>[] = [];
    const later = new Date(now.getTime() + 60_000);
    await storeReferrals(referrals(2), {
      now: later,
      isDemo: false,
      sliceMs: 0,
      whileStoring: async () => {
        pauses += 1;
        seenWhileStoring.push(await whatReadersSee());
      },
    });
    expect(pauses).toBeGreaterThanOrEqual(2);
    for (const seen of seenWhileStoring) expect(seen).toEqual(before);

    // Then all of the new store: ranks 11 to 20 of the reversed order, everyone counted.
    const after = await whatReadersSee();
    const newest = PLAYERS + 19;
    expect(after.top.map(([uid]) => uid)).toEqual(
      Array.from({ length: 10 }, (_, k) => `whole${String(newest - 10 - k).padStart(5, "0")}`),
    );
    expect(after.stats[0]?.uid).toBe(`whole${String(newest).padStart(5, "0")}`);
    expect(after.standings).not.toEqual(before.standings);
    expect(after.stored).toBe(PLAYERS + 20);
    expect(after.found.every(([, name]) => String(name).endsWith("round 2"))).toBe(true);
  });
});

describe("the sync run a store publishes", { timeout: 60_000 }, () => {
  it("is recorded a success in the same step as its rows: no reader sees live rows as demo data", async () => {
    const demoAt = new Date(now.getTime() + 120_000);
    const demoRun = await startSyncRun("demo", demoAt);
    await storeReferrals(referrals(3), {
      now: demoAt,
      isDemo: true,
      sliceMs: 0,
      run: { id: demoRun, players: PLAYERS + 30, skipped: 0 },
    });
    const demo = await dataFreshness();
    expect(demo.demoData).toBe(true);

    const liveAt = new Date(now.getTime() + 180_000);
    const liveRun = await startSyncRun("provider", liveAt);
    const seenWhileStoring: Awaited<ReturnType<typeof dataFreshness>>[] = [];
    const stored = await storeReferrals(referrals(4), {
      now: liveAt,
      isDemo: false,
      sliceMs: 0,
      run: { id: liveRun, players: PLAYERS + 40, skipped: 2 },
      whileStoring: async () => {
        seenWhileStoring.push(await dataFreshness());
      },
    });
    expect(seenWhileStoring.length).toBeGreaterThanOrEqual(1);
    for (const seen of seenWhileStoring) {
      expect(seen).toMatchObject({ demoData: true, lastUpdated: demo.lastUpdated });
    }
    // Published: the live run is the last success before the sync's own bookkeeping runs.
    expect((await dataFreshness()).demoData).toBe(false);
    expect(
      await db
        .selectFrom("sync_runs")
        .select(["outcome", "players_count", "skipped_count", "changed_count"])
        .where("id", "=", liveRun)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      outcome: "success",
      players_count: PLAYERS + 40,
      skipped_count: 2,
      changed_count: stored.changed,
    });
  });
});
