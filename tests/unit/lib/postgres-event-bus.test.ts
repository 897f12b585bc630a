import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createEventBus } from "~/server/domain-event-bus.server";
import { LISTENER_NAME, PostgresEventBus } from "~/server/postgres-event-bus.server";
import { createPostgresPool, sharedPostgresPool } from "~/server/postgres-pool.server";
import { createTestPostgresDatabase, postgresSkipReason } from "../../postgres/scratch-database";
import type { TestPostgresDatabase } from "../../postgres/scratch-database";

interface TestEvents {
  "race.completed": { raceId: number };
  "leaderboard.updated": { at: string; rows: string[] };
}

let database: TestPostgresDatabase;
const buses: PostgresEventBus<TestEvents>[] = [];
const pools: pg.Pool[] = [];

/** One process's bus: a pool and a listener of its own, as a second server process would have. */
function processBus() {
  const pool = createPostgresPool(database.url, { max: 2 });
  pools.push(pool);
  const bus = new PostgresEventBus<TestEvents>({
    connectionString: database.url,
    pool,
    reconnectDelayMs: 50,
  });
  buses.push(bus);
  return bus;
}

/** Records what a bus delivers, by topic. */
function record(bus: PostgresEventBus<TestEvents>) {
  const raceIds: number[] = [];
  const updates: TestEvents["leaderboard.updated"][] = [];
  bus.subscribe("race.completed", ({ raceId }) => raceIds.push(raceId));
  bus.subscribe("leaderboard.updated", (event) => updates.push(event));
  return { raceIds, updates };
}

describe.skipIf(postgresSkipReason)(
  `the PostgreSQL event bus (LISTEN/NOTIFY) ${postgresSkipReason ?? ""}`,
  () => {
    beforeAll(async () => {
      database = await createTestPostgresDatabase();
    }, 60_000);
    afterEach(async () => {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
      await Promise.all(pools.splice(0).map((pool) => pool.end()));
    });
    afterAll(async () => {
      await database?.drop();
    });

    it("is the exported bus's kind when DATABASE_URL is a postgres URL", async () => {
      const bus = createEventBus<TestEvents>(database.url);
      expect(bus).toBeInstanceOf(PostgresEventBus);
      await bus.close();
      await sharedPostgresPool(database.url).end();
    });

    it("delivers an event published by one process exactly once in each process", async () => {
      const publisher = processBus();
      const other = processBus();
      const published = record(publisher);
      const received = record(other);
      await Promise.all([publisher.ready(), other.ready()]);

      await publisher.publish("race.completed", { raceId: 7 });
      // The publisher's own subscribers have run when publish resolves (as in process).
      expect(published.raceIds).toEqual([7]);
      // A later event from the other side: once it arrived everywhere, so did anything before it.
      await other.publish("race.completed", { raceId: 8 });
      await vi.waitFor(() => expect(published.raceIds).toContain(8));
      expect(published.raceIds).toEqual([7, 8]);
      expect(received.raceIds).toEqual([7, 8]);
    });

    it("carries a 20 KB payload through the table, and cleans old rows up", async () => {
      const publisher = processBus();
      const other = processBus();
      const received = record(other);
      const published = record(publisher);
      await Promise.all([publisher.ready(), other.ready()]);
      await database.query(
        "INSERT INTO event_bus_payloads (id, payload, created_ms) VALUES ('old', '{}', 0)",
      );
      const rows = Array.from({ length: 400 }, (_, i) => `player-${i}-${"x".repeat(40)}`);
      expect(JSON.stringify(rows).length).toBeGreaterThan(20_000);

      await publisher.publish("leaderboard.updated", { at: "2026-11-23T00:00:00.000Z", rows });
      await vi.waitFor(() => expect(received.updates).toHaveLength(1));
      expect(received.updates[0]?.rows).toEqual(rows);
      expect(published.updates).toHaveLength(1);
      const stored = await database.query("SELECT id FROM event_bus_payloads");
      expect(stored.rows.map((row: { id: string }) => row.id)).not.toContain("old");
      expect(stored.rows).toHaveLength(1);
    });

    it("reconnects and LISTENs again after its connection is terminated", async () => {
      const publisher = processBus();
      const other = processBus();
      const published = record(publisher);
      const received = record(other);
      await Promise.all([publisher.ready(), other.ready()]);

      const killed = await database.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        [LISTENER_NAME],
      );
      expect(killed.rowCount).toBe(2);
      await vi.waitFor(() => expect(other.isListening).toBe(false));
      await vi.waitFor(
        () => {
          expect(publisher.isListening).toBe(true);
          expect(other.isListening).toBe(true);
        },
        { timeout: 10_000 },
      );

      await publisher.publish("race.completed", { raceId: 9 });
      await other.publish("race.completed", { raceId: 10 });
      await vi.waitFor(() => expect(received.raceIds).toContain(10));
      await vi.waitFor(() => expect(published.raceIds).toContain(10));
      expect(received.raceIds).toEqual([9, 10]);
      expect(published.raceIds).toEqual([9, 10]);
    });

    it("delivers locally exactly once while its listener is down", async () => {
      const bus = processBus();
      const delivered = record(bus);
      await bus.ready();
      await database.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        [LISTENER_NAME],
      );
      await vi.waitFor(() => expect(bus.isListening).toBe(false));
      await bus.publish("race.completed", { raceId: 11 });
      expect(delivered.raceIds).toEqual([11]);
      await vi.waitFor(() => expect(bus.isListening).toBe(true), { timeout: 10_000 });
      await bus.publish("race.completed", { raceId: 12 });
      expect(delivered.raceIds).toEqual([11, 12]);
    });
  },
);
