import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestPostgresDatabase, postgresSkipReason } from "../../postgres/scratch-database";
import type { TestPostgresDatabase } from "../../postgres/scratch-database";

describe.skipIf(postgresSkipReason)(
  `one PostgreSQL pool per process ${postgresSkipReason ?? ""}`,
  () => {
    let database: TestPostgresDatabase;
    const previousUrl = process.env.DATABASE_URL;
    beforeAll(async () => {
      database = await createTestPostgresDatabase();
      process.env.DATABASE_URL = database.url;
    }, 60_000);
    afterAll(async () => {
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousUrl;
      await database?.drop();
    });

    it("serves the queries, the event bus's publishes and the rate limits", async () => {
      // A process's modules, loaded afresh with DATABASE_URL naming the test database.
      vi.resetModules();
      const { sharedPostgresPool } = await import("~/server/postgres-pool.server");
      const pool = sharedPostgresPool(database.url);
      const used = vi.spyOn(pool, "query");
      const { db } = await import("~/services/db.server");
      const { eventBus } = await import("~/server/domain-event-bus.server");
      const { createRateLimiter } = await import("~/server/rate-limiter.server");
      try {
        await sql`select 1`.execute(db);
        expect(pool.totalCount).toBeGreaterThan(0);
        await eventBus.publish("sessions.ended", { sessionIds: ["s1"] });
        expect(used).toHaveBeenCalledWith("SELECT pg_notify($1, $2)", expect.any(Array));
        used.mockClear();
        await createRateLimiter({ keyPrefix: "one-pool", points: 2, duration: 60 }).consume("k");
        expect(used).toHaveBeenCalled();
      } finally {
        await eventBus.close();
        await db.destroy();
      }
    });
  },
);
