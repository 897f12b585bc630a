import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestPostgresDatabase, postgresSkipReason } from "../../postgres/scratch-database";
import type { TestPostgresDatabase } from "../../postgres/scratch-database";

let database: TestPostgresDatabase;
const pools: pg.Pool[] = [];

/**
 * A module as a separate server process has it: loaded afresh (its own limiters and their own
 * connections), with DATABASE_URL naming the shared database.
 */
async function inAnotherProcess<Module>(load: () => Promise<Module>): Promise<Module> {
  vi.resetModules();
  return load();
}

describe.skipIf(postgresSkipReason)(
  `rate limits shared by processes on PostgreSQL ${postgresSkipReason ?? ""}`,
  () => {
    beforeAll(async () => {
      database = await createTestPostgresDatabase();
      process.env.DATABASE_URL = database.url;
    }, 60_000);
    afterAll(async () => {
      delete process.env.DATABASE_URL;
      await Promise.all(pools.map((pool) => pool.end()));
      await database?.drop();
    });

    it("count sign-in failures of an account and address across processes", async () => {
      const load = () => import("~/services/auth/login-throttle.server");
      const first = await inAnotherProcess(load);
      const second = await inAnotherProcess(load);
      const account = first.loginAccountKey("goatking", undefined);
      for (let attempt = 0; attempt < first.FAILURES_PER_ACCOUNT_AND_IP; attempt += 1) {
        const process = attempt % 2 === 0 ? first : second;
        const admission = await process.startLoginAttempt("203.0.113.9", account);
        expect(admission.admitted).toBe(true);
        await process.loginFailed(account);
      }
      // Five failures split over two processes: the sixth is refused by either.
      expect((await first.startLoginAttempt("203.0.113.9", account)).admitted).toBe(false);
      expect((await second.startLoginAttempt("203.0.113.9", account)).admitted).toBe(false);
      const stored = await database.query("SELECT key FROM rate_limits ORDER BY key");
      expect(stored.rows.map((row: { key: string }) => row.key)).toContain(
        `login-account-ip:${account}|203.0.113.9`,
      );
    });

    it("count registrations of an address across processes", async () => {
      const load = () => import("~/services/auth/registration-throttle.server");
      const first = await inAnotherProcess(load);
      const second = await inAnotherProcess(load);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(await (attempt % 2 === 0 ? first : second).startRegistration("198.51.100.4")).toBe(
          0,
        );
      }
      expect(await first.startRegistration("198.51.100.4")).toBeGreaterThan(0);
      expect(await second.startRegistration("198.51.100.4")).toBeGreaterThan(0);
    });

    it("share one counter between two limiters on their own connections", async () => {
      const { createRateLimiter } = await import("~/server/rate-limiter.server");
      const options = { keyPrefix: "chat-player", points: 3, duration: 60 };
      const [a, b] = [0, 1].map(() => {
        const pool = new pg.Pool({ connectionString: database.url, max: 1 });
        // pool.end() does not wait for the sockets: the database's drop may end them first.
        pool.on("error", () => {});
        pools.push(pool);
        return createRateLimiter(options, pool);
      });
      if (!a || !b) throw new Error("two limiters expected");
      await a.consume("42");
      await b.consume("42");
      await a.consume("42");
      await expect(b.consume("42")).rejects.toMatchObject({ remainingPoints: 0 });
    });
  },
);
