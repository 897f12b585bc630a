import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres } from "rate-limiter-flexible";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { databaseUrlFromEnv } from "./config.server";
import { sharedPostgresPool } from "./postgres-pool.server";

export interface RateLimitOptions {
  /** Names the counter; keys of different limiters never meet. */
  keyPrefix: string;
  points: number;
  /** Seconds a count lasts. */
  duration: number;
}

/** The table the PostgreSQL counters share (db/migrations/0022_...). */
export const RATE_LIMIT_TABLE = "rate_limits";

/** The connections the site's rate limiters count through: the process's query pool
 * (./postgres-pool.server.ts), or null on SQLite. */
function rateLimitPool(): pg.Pool | null {
  const url = databaseUrlFromEnv();
  return url ? sharedPostgresPool(url) : null;
}

/**
 * Every rate limit and throttle of the site comes from here (docs/decisions/0038): counted in
 * memory in one process (SQLite), in PostgreSQL's rate_limits table when the site runs as several
 * processes on one database, so two processes do not double the attempts allowed. Should the
 * database fail, the count carries on in this process's memory rather than refusing everyone.
 */
export function createRateLimiter(
  options: RateLimitOptions,
  pool: pg.Pool | null = rateLimitPool(),
): RateLimiterAbstract {
  if (!pool) return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    storeType: "pool",
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}
