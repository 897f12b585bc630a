import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { POSTGRES_PASS } from "../../postgres/template-database";
import { migrateToLatest, sqliteConnection } from "~db";
import { runSync, wagerFlagsSettled } from "~/jobs/sync.server";
import type { SyncOptions } from "~/jobs/sync.server";
import { stopSyncWorker } from "~/jobs/sync-thread.server";
import { db } from "~/services/db.server";
import { createTestTrigger, dropTestTrigger } from "../test-triggers";
import { STORE_BATCH } from "~/services/players/player-store.server";
import { syncStatus } from "~/services/operations/sync-runs.server";
import { computeStandings } from "~/services/races/race-standings.server";
import { ensureMonthlyRace } from "~/services/races/race-store.server";
import { FAKE_AFFILIATE_UID, FAKE_TOKEN, startFakeProvider } from "../../fake-provider/server";
import type { FakeProvider } from "../../fake-provider/server";

// The sync fetches and stores on a worker thread of its own (docs/decisions/0019). What the
// server's thread sees when that thread fails or is stopped, and while it stores.

let provider: FakeProvider;
const clock = new Date("2026-05-04T10:00:00.000Z");
const options = (): SyncOptions => ({
  config: {
    GOATED_API_BASE_URL: provider.url,
    GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
    GOATED_API_TOKEN: FAKE_TOKEN,
  },
  now: () => clock,
  timeoutMs: 20_000,
});
const entries = (count: number, allTime: number) =>
  Array.from({ length: count }, (_, i) => ({
    uid: `w${String(i).padStart(6, "0")}`,
    name: `Worker ${i}`,
    wagered: { today: allTime, this_week: allTime, this_month: allTime, all_time: allTime },
  }));
/** Serves `data` from the next request on (the fake provider serialises on its first request). */
async function serve(data: ReturnType<typeof entries>) {
  provider.setPayload({ success: true, data });
  await fetch(`${provider.url}/user2/affiliate/referral-leaderboard/${FAKE_AFFILIATE_UID}`, {
    headers: { Authorization: `Bearer ${FAKE_TOKEN}` },
  }).then((response) => response.arrayBuffer());
}
const playerStates = async () =>
  new Set(
    (
      await db
        .selectFrom("players")
        .leftJoin("wager_snapshots", "wager_snapshots.uid", "players.uid")
        .select(["players.all_time", (eb) => eb.fn.count("taken_at").as("snapshots")])
        .groupBy("players.uid")
        .execute()
    ).map((row) => `${row.all_time}:${row.snapshots}`),
  );
const playerCount = async () =>
  (
    await db
      .selectFrom("players")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

/** Every row of the players table, published or not (SQLite: migration 0025). */
const storedRows = async () =>
  (await sql<{ n: number }>`SELECT count(*) AS n FROM main.players`.execute(db)).rows[0]?.n ?? 0;

beforeAll(async () => {
  await migrateToLatest(db);
  provider = await startFakeProvider();
});
afterAll(() => provider.close());
beforeEach(async () => {
  provider.reset();
  await dropTestTrigger(db, "refuse_one_player", "players");
  await db.deleteFrom("players").execute();
  await db.deleteFrom("sync_runs").execute();
});

describe("the sync worker thread", { timeout: 60_000 }, () => {
  // PostgreSQL stores on the server's thread: no worker to stop, no SQLite lock to share.
  const workerOnly = it.skipIf(POSTGRES_PASS);
  it("a store that fails there marks the run failed and leaves the last sync alone in view", async () => {
    await serve(entries(STORE_BATCH * 3, 100));
    expect(await runSync(options())).toMatchObject({ outcome: "success" });
    // The database refuses one row of the third batch: the store stops there.
    await createTestTrigger(db, {
      name: "refuse_one_player",
      table: "players",
      when: `NEW.uid = 'w${String(STORE_BATCH * 2 + 5).padStart(6, "0")}'`,
      action: { refuse: "refused by the test" },
    });
    await serve(entries(STORE_BATCH * 3, 250));

    const result = await runSync(options());
    expect(result).toMatchObject({ outcome: "failed", error: "refused by the test" });
    expect((await syncStatus()).lastRun).toMatchObject({
      outcome: "failed",
      error: "Storing failed: refused by the test",
    });
    // Every player as before (its first sighting), none as in the payload (docs/decisions/0052).
    expect(await playerStates()).toEqual(new Set(["100:1"]));
    expect(await playerCount()).toBe(STORE_BATCH * 3);
  });

  workerOnly(
    "stopped while it stores: the run is failed, the last sync alone in view, and the next sync stores all",
    async () => {
      await serve(entries(100, 50));
      expect(await runSync(options())).toMatchObject({ outcome: "success", players: 100 });
      await serve(entries(60_000, 100));
      const running = runSync(options());
      // Stop it once the store has committed something, before it is done: rows of its own
      // generation in the table, which readers do not see (docs/decisions/0052).
      while ((await storedRows()) === 100) await new Promise((resolve) => setTimeout(resolve, 2));
      await stopSyncWorker();
      const result = await running;
      expect(result).toMatchObject({ outcome: "failed" });
      expect(result.outcome === "failed" && result.error).toMatch(/sync worker stopped/);
      expect((await syncStatus()).lastRun).toMatchObject({ outcome: "failed" });
      expect(await storedRows()).toBeGreaterThan(100);
      expect(await playerStates()).toEqual(new Set(["50:1"]));
      expect(await playerCount()).toBe(100);

      // The server's thread writes again at once (the stopped thread's write turn was given back),
      // and a new thread stores the whole payload.
      await db.updateTable("sync_runs").set({ error: "seen" }).execute();
      expect(await runSync(options())).toMatchObject({ outcome: "success", players: 60_000 });
      expect(await playerCount()).toBe(60_000);
      expect(await playerStates()).toEqual(new Set(["100:2", "100:1"]));
      expect(await storedRows()).toBe(60_000);
    },
  );

  workerOnly(
    "lets the server's thread write while it stores, without SQLite's lock errors",
    async () => {
      await serve(entries(40_000, 100));
      let storing = true;
      let writes = 0;
      const writer = (async () => {
        while (storing) {
          // A deferred transaction that reads and then writes: the worker's commits in between
          // would make its snapshot stale (SQLITE_BUSY_SNAPSHOT) without the write turn.
          await db.transaction().execute(async (trx) => {
            await trx.selectFrom("players").select("uid").limit(1).execute();
            await trx
              .insertInto("provider_tokens")
              .values({ token: "t", created_at: "now" })
              .execute();
          });
          writes += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      try {
        expect(await runSync(options())).toMatchObject({ outcome: "success", players: 40_000 });
      } finally {
        storing = false;
        await writer;
      }
      expect(writes).toBeGreaterThan(0);
      await db.deleteFrom("provider_tokens").execute();
    },
  );

  workerOnly(
    "ranks the running race there after a store: the server's thread takes its standings without ranking it",
    async () => {
      await serve(entries(100, 50));
      expect(await runSync(options())).toMatchObject({ outcome: "success" });
      // The first sync's wager flags (which rank the race here: no race when it stored) are done.
      await wagerFlagsSettled();
      const race = await ensureMonthlyRace(clock);
      // More standings than one message carries (RANKING_SLICE).
      await serve(entries(12_000, 100));
      // Every statement this thread's connection runs (prepared statements are cached: their runs).
      const statements = Object.getPrototypeOf(sqliteConnection(db).prepare("SELECT 1")) as {
        all: (...parameters: unknown[]) => unknown[];
      };
      const runs = vi.spyOn(statements, "all");
      try {
        expect(await runSync(options())).toMatchObject({ outcome: "success", changed: 12_000 });
        const standings = await computeStandings(race!, clock);
        // The ranking's query never ran on the server's thread (docs/decisions/0097).
        const rankingQueries = runs.mock.contexts.filter((statement) =>
          (statement as unknown as { source: string }).source.includes("at_end"),
        );
        expect(rankingQueries).toEqual([]);
        // The very standings a ranking on this thread gives (another executor: not cached).
        const here = await db.transaction().execute((trx) => computeStandings(race!, clock, trx));
        expect(standings).toHaveLength(12_000);
        expect(standings).toEqual(here);
      } finally {
        runs.mockRestore();
      }
    },
  );
});
