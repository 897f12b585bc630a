import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { JOB_LOCK_KEY, startJobLeader } from "~/server/job-leader.server";
import { createTestPostgresDatabase, postgresSkipReason } from "../../postgres/scratch-database";
import type { TestPostgresDatabase } from "../../postgres/scratch-database";

const INTERVAL_MS = 1_000;

let database: TestPostgresDatabase;
const leaders: ReturnType<typeof startJobLeader>[] = [];

/** One process's job runner, counting how often its jobs were started and stopped. */
function processJobs() {
  const jobs = { starts: 0, stops: 0 };
  const leader = startJobLeader({
    connectionString: database.url,
    intervalMs: INTERVAL_MS,
    startJobs: () => {
      jobs.starts += 1;
      return async () => {
        jobs.stops += 1;
      };
    },
  });
  leaders.push(leader);
  return { leader, jobs };
}

/** The server process id of the connection holding the job lock, if any. */
async function lockHolderPid(): Promise<number | null> {
  const { rows } = await database.query(
    `SELECT pid FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND ((classid::bigint << 32) | objid::bigint) = $1`,
    [JOB_LOCK_KEY],
  );
  return (rows[0] as { pid: number } | undefined)?.pid ?? null;
}

describe.skipIf(postgresSkipReason)(
  `one job runner among processes (pg_try_advisory_lock) ${postgresSkipReason ?? ""}`,
  () => {
    beforeAll(async () => {
      database = await createTestPostgresDatabase();
    }, 60_000);
    afterEach(async () => {
      await Promise.all(leaders.splice(0).map((leader) => leader.stop()));
    });
    afterAll(async () => {
      await database?.drop();
    });

    it("runs the jobs in one process only, and hands them over when its connection dies", async () => {
      const first = processJobs();
      await vi.waitFor(() => expect(first.leader.isLeader()).toBe(true));
      const second = processJobs();
      // The second process tries (and fails) at least twice.
      await new Promise((resolve) => setTimeout(resolve, 2.5 * INTERVAL_MS));
      expect(second.leader.isLeader()).toBe(false);
      expect(second.jobs.starts).toBe(0);
      expect(first.jobs).toEqual({ starts: 1, stops: 0 });
      expect(await lockHolderPid()).not.toBeNull();

      // The holder's connection dies (as it does with the process): its jobs stop, and the other
      // process takes over at its next try, within one interval (plus slack for a loaded machine).
      await database.query("SELECT pg_terminate_backend($1)", [await lockHolderPid()]);
      await vi.waitFor(() => expect(first.jobs.stops).toBe(1));
      await vi.waitFor(() => expect(second.leader.isLeader()).toBe(true), {
        timeout: INTERVAL_MS + 4_000,
      });
      expect(second.jobs.starts).toBe(1);
      // The first reconnects and tries again, but the lock stays where it is.
      await new Promise((resolve) => setTimeout(resolve, 2.5 * INTERVAL_MS));
      expect(first.leader.isLeader()).toBe(false);
      expect(first.jobs.starts).toBe(1);
    }, 30_000);

    it("releases the lock when the holder stops, and another process takes it", async () => {
      const first = processJobs();
      await vi.waitFor(() => expect(first.leader.isLeader()).toBe(true));
      const second = processJobs();
      await first.leader.stop();
      expect(first.jobs).toEqual({ starts: 1, stops: 1 });
      await vi.waitFor(() => expect(second.leader.isLeader()).toBe(true), {
        timeout: INTERVAL_MS + 4_000,
      });
    }, 30_000);
  },
);
