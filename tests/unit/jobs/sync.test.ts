import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { NO_AFFILIATE_UID, runSync, wagerFlagsSettled } from "~/jobs/sync.server";
import { startSyncWorker } from "~/jobs/sync-thread.server";
import type { SyncOptions } from "~/jobs/sync.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { metricsRegistry } from "~/server/metrics.server";
import { leaderboardUpdateMessage } from "~/realtime/messages";
import type { ServerMessage } from "~/realtime/messages";
import { db } from "~/services/db.server";
import { leaderboardPage } from "~/services/players/player-queries.server";
import { MONTHLY_RACE_MIN_WAGER, PAID_POSITIONS } from "~/domain/race-prizes";
import { runRaceJobs } from "~/jobs/race-completion.server";
import { computeStandings } from "~/services/races/race-standings.server";
import { ensureMonthlyRace, findCurrentRace } from "~/services/races/race-store.server";
import { dataFreshness, syncStatus } from "~/services/operations/sync-runs.server";
import {
  FAKE_AFFILIATE_UID,
  FAKE_TOKEN,
  RETRY_AFTER_SECONDS,
  startFakeProvider,
} from "../../fake-provider/server";
import { insertProviderToken, insertUser } from "../../factories";
import type { FakeProvider } from "../../fake-provider/server";

let provider: FakeProvider;
let clock: Date;
const messages: ServerMessage[] = [];

// A provider that answers gets all the time a loaded machine needs; only "hang" reaches a timeout.
const HEALTHY_PROVIDER_TIMEOUT_MS = 20_000;
/** For the provider that never answers: the sync must give up on it, whatever the machine's load. */
const HANGING_PROVIDER_TIMEOUT_MS = 300;

function options(overrides: Partial<SyncOptions["config"]> = {}): SyncOptions {
  return {
    config: {
      GOATED_API_BASE_URL: provider.url,
      GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
      GOATED_API_TOKEN: FAKE_TOKEN,
      ...overrides,
    },
    now: () => clock,
    timeoutMs: HEALTHY_PROVIDER_TIMEOUT_MS,
  };
}

function advance(seconds: number) {
  clock = new Date(clock.getTime() + seconds * 1000);
}

const playersTable = () => db.selectFrom("players").selectAll().orderBy("uid").execute();

beforeAll(async () => {
  await migrateToLatest(db);
  provider = await startFakeProvider();
  await startSyncWorker();
  eventBus.subscribe("leaderboard.updated", (event) =>
    messages.push(leaderboardUpdateMessage(event)),
  );
});
afterAll(() => provider.close());

beforeEach(async () => {
  provider.reset();
  messages.length = 0;
  clock = new Date("2026-05-04T10:00:00.000Z");
  await db.deleteFrom("races").execute();
  await db.deleteFrom("players").execute();
  await db.deleteFrom("sync_runs").execute();
  await db.deleteFrom("provider_tokens").execute();
});

// The sync worker thread loads its TypeScript through tsx: seconds on a loaded machine.
const SYNC_TEST_TIMEOUT = { timeout: 30_000 };

describe("a provider sync", SYNC_TEST_TIMEOUT, () => {
  it("stores every referral with a uid, records the run and pushes an update", async () => {
    const result = await runSync(options());
    expect(result).toEqual({
      outcome: "success",
      source: "provider",
      players: 45,
      skipped: 2,
      changed: 45,
    });
    const players = await playersTable();
    expect(players).toHaveLength(45);
    expect(players.find((p) => p.uid === "fp-live")).toMatchObject({
      name: "LiveLeader",
      today: 90000.123456789,
      all_time: 2500000.987654321,
      is_demo: 0,
      updated_at: clock.toISOString(),
      wager_changed_at: clock.toISOString(),
    });
    const { lastRun } = await syncStatus();
    expect(lastRun).toMatchObject({
      source: "provider",
      outcome: "success",
      players_count: 45,
      skipped_count: 2,
      changed_count: 45,
      started_at: clock.toISOString(),
      finished_at: clock.toISOString(),
      error: null,
    });
    expect(messages).toHaveLength(1);
    const [message] = messages;
    if (message?.type !== "LEADERBOARD_UPDATE") throw new Error("expected an update");
    expect(message.data.top.daily[0]).toMatchObject({
      rank: 1,
      uid: "fp-live",
      wagered: 90000.12, // the provider's float, in cents on the socket
    });
    expect(message.data.top.daily).toHaveLength(10);
    expect(message.data.lastUpdated).toBe(clock.toISOString());
    // A page never needs more than this (DESIGN.md: one update message at most 8 KB).
    expect(JSON.stringify(message).length).toBeLessThan(8 * 1024);
  });

  it("sorts each period by its own total, highest first, zeros left out", async () => {
    await runSync(options());
    for (const period of ["daily", "weekly", "monthly", "all_time"] as const) {
      const { players, totalPlayers } = await leaderboardPage({ period, pageSize: 100 });
      const totals = players.map((p) => p.wagered);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(totals.every((t) => t > 0)).toBe(true);
      expect(players.map((p) => p.rank)).toEqual(players.map((_, i) => i + 1));
      expect(totalPlayers).toBe(players.length);
    }
    // Periods are not nested: the weekly order is not the monthly order.
    const weekly = await leaderboardPage({ period: "weekly", pageSize: 100 });
    const monthly = await leaderboardPage({ period: "monthly", pageSize: 100 });
    expect(weekly.players.map((p) => p.uid)).not.toEqual(monthly.players.map((p) => p.uid));
  });

  it("rewrites only changed players and snapshots only changed all-time totals", async () => {
    await runSync(options());
    const first = await db.selectFrom("wager_snapshots").selectAll().execute();
    // Every new player with a non-zero all-time total has a snapshot now, or only the month-start
    // baseline when they wagered nothing this month (it tells the same total); zeros have none.
    const players = await playersTable();
    expect(
      first
        .filter((s) => s.taken_at === clock.toISOString())
        .map((s) => s.uid)
        .sort(),
    ).toEqual(players.filter((p) => p.all_time > 0 && p.this_month > 0).map((p) => p.uid));
    const newest = new Map<string, { taken_at: string; all_time: number }>();
    for (const snapshot of first) {
      const kept = newest.get(snapshot.uid);
      if (!kept || kept.taken_at < snapshot.taken_at) newest.set(snapshot.uid, snapshot);
    }
    expect(
      players.filter((p) => p.all_time > 0).map((p) => [p.uid, newest.get(p.uid)?.all_time]),
    ).toEqual(players.filter((p) => p.all_time > 0).map((p) => [p.uid, p.all_time]));
    expect(players.filter((p) => p.this_month === 0).length).toBeGreaterThan(0);

    advance(300);
    const unchanged = await runSync(options());
    expect(unchanged).toMatchObject({ outcome: "success", changed: 0 });
    expect(messages).toHaveLength(1); // no push for a sync that changed nothing
    expect(await db.selectFrom("wager_snapshots").selectAll().execute()).toHaveLength(first.length);

    advance(300);
    provider.bump("fp-live", 10);
    const changed = await runSync(options());
    expect(changed).toMatchObject({ outcome: "success", changed: 1 });
    const live = await db
      .selectFrom("players")
      .selectAll()
      .where("uid", "=", "fp-live")
      .executeTakeFirstOrThrow();
    expect(live.today).toBeCloseTo(90010.123456789, 6);
    expect(live.wager_changed_at).toBe(clock.toISOString());
    const snapshots = await db
      .selectFrom("wager_snapshots")
      .selectAll()
      .where("uid", "=", "fp-live")
      .orderBy("taken_at")
      .execute();
    // The month-start baseline, the first sighting, the change.
    expect(snapshots.map((s) => s.taken_at)).toEqual([
      "2026-05-01T00:00:00.000Z",
      "2026-05-04T10:00:00.000Z",
      clock.toISOString(),
    ]);
    expect(snapshots.slice(1).map((s) => s.all_time)).toEqual([
      2500000.987654321, 2500010.987654321,
    ]);
    expect(messages).toHaveLength(2);
  });

  it("first syncing mid-month, the month's race counts this month's wagers, not earlier history", async () => {
    await runSync(options());
    const race = await ensureMonthlyRace(clock);
    const standings = await computeStandings(race!, clock);
    const players = (await playersTable()).filter(
      (p) => p.this_month >= MONTHLY_RACE_MIN_WAGER && p.this_month <= p.all_time,
    );
    expect(standings.length).toBeGreaterThan(10);
    expect(standings.map((s) => [s.uid, s.wager])).toEqual(
      players
        .sort((a, b) => b.this_month - a.this_month || a.name.localeCompare(b.name))
        .map((p) => [p.uid, expect.closeTo(p.this_month, 6)]),
    );
  });

  it("after a sync, a linked player who entered the race's paid places hears it", async () => {
    await runSync(options());
    const race = await ensureMonthlyRace(clock);
    const standings = await computeStandings(race!, clock);
    // The first unpaid place climbs just past the last paid one.
    const [lastPaid, firstUnpaid] = [standings[PAID_POSITIONS - 1]!, standings[PAID_POSITIONS]!];
    const userId = await insertUser(db, { goated_id: firstUnpaid.uid });
    advance(300);
    provider.bump(firstUnpaid.uid, lastPaid.wager - firstUnpaid.wager + 1);
    await runSync(options());
    const told = await db
      .selectFrom("notifications")
      .select(["kind", "title"])
      .where("user_id", "=", userId)
      .execute();
    expect(told).toEqual([{ kind: "race_alert", title: "You are in the prizes" }]);
  });

  it("with a linked member listening, a sync ranks the race once: its alerts keep the last sync's ranking, the wager flags share the new one", async () => {
    const rankings = async () =>
      Number(
        /^goatedvips_race_ranking_seconds_count (\d+)$/m.exec(await metricsRegistry.metrics())?.[1],
      );
    await runSync(options());
    const race = await ensureMonthlyRace(clock);
    const standings = await computeStandings(race!, clock);
    await insertUser(db, { goated_id: standings[PAID_POSITIONS + 2]!.uid });
    advance(300);
    provider.bump(standings[0]!.uid, 10);
    await runSync(options());
    await wagerFlagsSettled();
    const before = await rankings();

    advance(300);
    provider.bump(standings[1]!.uid, 10);
    await runSync(options());
    await wagerFlagsSettled();
    expect((await rankings()) - before).toBe(1);
  });

  it("gives the server's other work its turns between the steps after a sync", async () => {
    await runSync(options());
    const race = await ensureMonthlyRace(clock);
    const standings = await computeStandings(race!, clock);
    await insertUser(db, { goated_id: standings[PAID_POSITIONS + 5]!.uid });
    advance(300);
    provider.bump(standings[0]!.uid, 10);
    // Turns of the event loop, counted while the sync runs: a request waiting to be read gets one.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    let turnsAtUpdate = -1;
    const unsubscribe = eventBus.subscribe("leaderboard.updated", () => {
      turnsAtUpdate = turns;
    });
    try {
      await runSync(options());
    } finally {
      counting = false;
      unsubscribe();
    }
    expect(turnsAtUpdate).toBeGreaterThanOrEqual(0);
    // The race alerts (which rank the race and write notifications) start after a turn, not in
    // the same task as the pages' update.
    expect(turns).toBeGreaterThan(turnsAtUpdate);
  });

  it("at the month's turn, wagers between the last sync and midnight stay in the month that ended", async () => {
    const referral = (uid: string, thisMonth: number, allTime: number) => ({
      uid,
      name: uid,
      wagered: { today: thisMonth, this_week: thisMonth, this_month: thisMonth, all_time: allTime },
    });
    clock = new Date("2026-10-31T23:50:00.000Z");
    provider.setPayload({
      success: true,
      data: [referral("steady", 300, 1000), referral("idle", 50, 800)],
    });
    await runSync(options());
    const october = await ensureMonthlyRace(clock);

    // Ten minutes into November: "steady" wagered 300 more before midnight and 200 after;
    // "idle" nothing at all (the provider's month total starts again at 0).
    clock = new Date("2026-11-01T00:10:00.000Z");
    provider.setPayload({
      success: true,
      data: [referral("steady", 200, 1500), referral("idle", 0, 800)],
    });
    await runSync(options());
    const november = await ensureMonthlyRace(clock);

    const wagers = async (race: typeof october) =>
      (await computeStandings(race!, clock)).map((s) => [s.uid, s.wager]);
    expect(await wagers(october)).toEqual([
      ["steady", 600],
      ["idle", 50],
    ]);
    expect(await wagers(november)).toEqual([["steady", 200]]);
    const idleSnapshots = await db
      .selectFrom("wager_snapshots")
      .select("taken_at")
      .where("uid", "=", "idle")
      .execute();
    expect(idleSnapshots).toHaveLength(2); // the October baseline and the first sighting only
  });

  it("when the month's race was frozen before the first good sync, its last wagers go to the new month, never nowhere", async () => {
    const referral = (uid: string, thisMonth: number, allTime: number) => ({
      uid,
      name: uid,
      wagered: { today: thisMonth, this_week: thisMonth, this_month: thisMonth, all_time: allTime },
    });
    clock = new Date("2026-10-31T23:50:00.000Z");
    provider.setPayload({ success: true, data: [referral("steady", 300, 1000)] });
    await runSync(options());
    const october = await ensureMonthlyRace(clock);

    // The provider is down over midnight: the job goes without a sync after 30 minutes.
    const [completion] = await runRaceJobs(new Date("2026-11-01T00:30:00.000Z"));
    expect(completion?.race.id).toBe(october?.id);
    expect(completion?.winners.map((w) => [w.uid, w.wager])).toEqual([["steady", 300]]);

    clock = new Date("2026-11-01T00:40:00.000Z");
    provider.setPayload({ success: true, data: [referral("steady", 200, 1500)] });
    await runSync(options());
    const november = await findCurrentRace(clock); // the job created it
    expect(november?.startDate).toBe("2026-11-01T00:00:00.000Z");
    // 300 before midnight (after our last sync) and 200 after: all in November, as frozen October
    // cannot take them any more.
    expect((await computeStandings(november!, clock)).map((s) => [s.uid, s.wager])).toEqual([
      ["steady", 500],
    ]);
  });

  it("keeps the wager change time when only a name changes", async () => {
    const firstAt = clock.toISOString();
    await runSync(options());
    advance(300);
    provider.setPayload({
      success: true,
      data: [
        {
          uid: "fp-live",
          name: "Renamed",
          wagered: {
            today: 90000.123456789,
            this_week: 150000.5,
            this_month: 400000.25,
            all_time: 2500000.987654321,
          },
        },
      ],
    });
    expect(await runSync(options())).toMatchObject({ changed: 1 });
    const live = await db
      .selectFrom("players")
      .selectAll()
      .where("uid", "=", "fp-live")
      .executeTakeFirstOrThrow();
    expect(live).toMatchObject({
      name: "Renamed",
      updated_at: clock.toISOString(),
      wager_changed_at: firstAt,
    });
    // Players missing from a payload keep their last known totals.
    expect(await playersTable()).toHaveLength(45);
  });

  it.each([
    ["rate-limited", "API rate limit exceeded. Please try again later."],
    ["server-error", "HTTP error! status: 500"],
    ["hang", "Request timed out. Please try again later."],
    ["malformed-json", "Invalid data format received from server"],
    ["wrong-shape", "Invalid API response structure"],
  ] as const)("on %s keeps the last good data and records the failure", async (mode, error) => {
    await runSync(options());
    const before = await playersTable();
    advance(300);
    provider.bump("fp-live", 500);
    provider.setMode(mode);

    const result = await runSync({
      ...options(),
      ...(mode === "hang" ? { timeoutMs: HANGING_PROVIDER_TIMEOUT_MS } : {}),
    });
    expect(result).toMatchObject({ outcome: "failed", source: "provider", error });
    if (mode === "rate-limited") {
      expect(result).toMatchObject({ rateLimited: true, retryAfterMs: RETRY_AFTER_SECONDS * 1000 });
    }
    expect(await playersTable()).toEqual(before);
    const status = await syncStatus();
    expect(status.lastRun).toMatchObject({
      outcome: "failed",
      error,
      finished_at: clock.toISOString(),
    });
    expect(status.lastSuccess?.finished_at).toBe(new Date(clock.getTime() - 300_000).toISOString());
    expect(messages).toHaveLength(1);
  });

  it("fails clearly with a wrong token", async () => {
    expect(await runSync(options({ GOATED_API_TOKEN: "expired" }))).toMatchObject({
      outcome: "failed",
      error: "HTTP error! status: 401",
    });
  });
});

describe("the token and the demo source", SYNC_TEST_TIMEOUT, () => {
  it("uses the demo source without any token, marks its rows, and advances on every run", async () => {
    const demo = options({ GOATED_API_TOKEN: undefined });
    expect(await runSync(demo)).toMatchObject({
      outcome: "success",
      source: "demo",
      players: 2000,
    });
    const first = await db
      .selectFrom("players")
      .select((eb) => eb.fn.sum<number>("today").as("today"))
      .executeTakeFirstOrThrow();
    expect((await playersTable()).every((p) => p.is_demo === 1)).toBe(true);
    advance(600);
    const second = await runSync(demo);
    expect(second).toMatchObject({ outcome: "success", source: "demo" });
    expect(second.outcome === "success" && second.changed).toBeGreaterThan(0);
    const later = await db
      .selectFrom("players")
      .select((eb) => eb.fn.sum<number>("today").as("today"))
      .executeTakeFirstOrThrow();
    expect(later.today).toBeGreaterThan(first.today);
  });

  it("falls back to the admin-saved token, and the first real sync purges the demo rows", async () => {
    await runSync(options({ GOATED_API_TOKEN: undefined }));
    await insertProviderToken(db, "expired-one", { created_at: clock.toISOString() });
    advance(1);
    await insertProviderToken(db, FAKE_TOKEN, { created_at: clock.toISOString() });

    expect((await dataFreshness()).demoData).toBe(true);
    // A failing real sync keeps the demo data, and says so.
    provider.setMode("server-error");
    expect(await runSync(options({ GOATED_API_TOKEN: undefined }))).toMatchObject({
      outcome: "failed",
      source: "provider",
    });
    expect(await playersTable()).toHaveLength(2000);
    expect((await dataFreshness()).demoData).toBe(true);

    provider.setMode("ok");
    expect(await runSync(options({ GOATED_API_TOKEN: undefined }))).toMatchObject({
      outcome: "success",
      source: "provider",
    });
    const players = await playersTable();
    expect(players).toHaveLength(45);
    expect(players.some((p) => p.is_demo === 1)).toBe(false);
    // Every page's demo notice goes with the demo rows.
    expect((await dataFreshness()).demoData).toBe(false);
  });

  it("records a failure when a token is set but the affiliate uid is not", async () => {
    expect(await runSync(options({ GOATED_AFFILIATE_UID: undefined }))).toMatchObject({
      outcome: "failed",
      error: NO_AFFILIATE_UID,
    });
  });

  it("never runs two syncs at once: a second call joins the first", async () => {
    const [a, b] = [runSync(options()), runSync(options())];
    expect(await a).toBe(await b);
    expect(await db.selectFrom("sync_runs").selectAll().execute()).toHaveLength(1);
  });
});
