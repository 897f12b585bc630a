import pg from "pg";
import { logger } from "./logger.server";

/**
 * The key of the PostgreSQL advisory lock whose holder runs the jobs: any constant that no other
 * application on the same database uses ("goatedvips jobs" as a number).
 */
export const JOB_LOCK_KEY = 7_157_011_926;

export interface JobLeaderOptions {
  connectionString: string;
  /** How often a process without the lock tries again, and the holder checks its connection. */
  intervalMs: number;
  /** Starts the jobs; returns the function that stops them (and waits for runs in progress). */
  startJobs: () => () => Promise<void>;
  lockKey?: number;
}

/**
 * One job runner among several processes (docs/decisions/0038): each process keeps a dedicated
 * connection and tries `pg_try_advisory_lock` every interval; the one that gets it starts the
 * jobs. The lock belongs to that connection's session, so when the holder dies (or its connection
 * does) PostgreSQL releases it and another process gets it at its next try, within one interval.
 * The holder checks its connection every interval too: lost, it stops its jobs at once, since
 * another process may already hold the lock.
 */
export function startJobLeader({
  connectionString,
  intervalMs,
  startJobs,
  lockKey = JOB_LOCK_KEY,
}: JobLeaderOptions) {
  let client: pg.Client | null = null;
  let stopJobs: (() => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> = Promise.resolve();
  let stopped = false;
  /** The jobs' stop in progress, so the server's own stop waits for it whoever began it. */
  let stopping: Promise<void> = Promise.resolve();

  const resign = (reason: string): Promise<void> => {
    const stop = stopJobs;
    stopJobs = null;
    if (stop) {
      logger.warn(`jobs: ${reason}; this process stops running the jobs`);
      stopping = stop().catch((error: unknown) =>
        logger.error({ err: error }, "jobs: stopping them failed"),
      );
    }
    return stopping;
  };

  /** After losing the lock this process waits one interval more: the others try first. */
  let standDownUntil = 0;

  const dropConnection = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    if (stopJobs) standDownUntil = Date.now() + intervalMs;
    lost.end().catch(() => {});
    void resign("the job lock's connection was lost");
  };

  const connect = async (): Promise<pg.Client> => {
    // Timeouts, so a connection that died silently fails the check instead of hanging it.
    const fresh = new pg.Client({
      connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: Math.max(intervalMs, 5_000),
      query_timeout: Math.max(intervalMs, 5_000),
      application_name: "goatedvips jobs",
    });
    fresh.on("error", (error) => {
      logger.warn({ err: error }, "jobs: the job lock's connection failed");
      dropConnection(fresh);
    });
    fresh.on("end", () => dropConnection(fresh));
    client = fresh;
    await fresh.connect();
    return fresh;
  };

  const tryLead = async () => {
    if (!stopJobs && Date.now() < standDownUntil) return;
    try {
      const current = client ?? (await connect());
      if (stopJobs) {
        // Holding: the check that notices a silently dead connection.
        await current.query("SELECT 1");
        return;
      }
      const { rows } = await current.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock($1) AS locked",
        [lockKey],
      );
      if (rows[0]?.locked && !stopped && client === current) {
        logger.info("jobs: this process holds the job lock and runs the jobs");
        stopJobs = startJobs();
      }
    } catch (error) {
      logger.warn({ err: error }, "jobs: could not reach PostgreSQL for the job lock");
      if (client) dropConnection(client);
    }
  };

  const tick = () => {
    attempt = tryLead().then(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  tick();

  return {
    /** Whether this process runs the jobs now. */
    isLeader: () => stopJobs !== null,
    /** Stops trying, stops the jobs if they run here, and releases the lock with the connection. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await attempt;
      await resign("the server is stopping");
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
