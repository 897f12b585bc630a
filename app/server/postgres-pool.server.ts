import pg from "pg";

// OIDs of the types pg returns as strings by default: bigint (count(*), sum of integers) and
// numeric (avg, sum of bigints). Our values fit a double; the Database types say number.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const toNumber = (value: string) => Number(value);

const typeParsers = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID || oid === NUMERIC_OID) return toNumber;
    return format === "binary"
      ? pg.types.getTypeParser(oid, "binary")
      : pg.types.getTypeParser(oid, "text");
  },
} as pg.CustomTypesConfig;

/** A pool of connections to a PostgreSQL URL, with numbers returned as numbers. */
export function createPostgresPool(url: string, { max = 10 }: { max?: number } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: typeParsers });
  // An idle connection that PostgreSQL ends (a restart, a failover, a terminated backend) is an
  // 'error' on the pool: without a listener it would be an uncaught exception ending the process.
  // The pool replaces the connection on its next use.
  pool.on("error", (error) => {
    console.error(`PostgreSQL: an idle connection was lost (${error.message})`);
  });
  return pool;
}

const sharedPools = new Map<string, pg.Pool>();

/**
 * The process's pool for DATABASE_URL (docs/decisions/0038): the queries' (db/index.ts opens the
 * app's Kysely over it), the event bus's publishes and the rate limits' counts all go through it,
 * so a process holds one pool, plus the event bus's listener and the job lock's session. Ended
 * (the app's database destroyed), it is replaced on the next call.
 */
export function sharedPostgresPool(url: string): pg.Pool {
  let pool = sharedPools.get(url);
  if (!pool || pool.ended) {
    pool = createPostgresPool(url);
    sharedPools.set(url, pool);
  }
  return pool;
}
