// A fresh PostgreSQL database for the tests of what several processes share (the event bus, the
// job lock, the rate limits; tests/e2e/multi-process.spec.ts's two servers): in the cluster of
// TEST_POSTGRES_URL (npm test's PostgreSQL pass), else in a throwaway cluster of its own. Skipped,
// saying why, where PostgreSQL is not installed.
import { randomBytes } from "node:crypto";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { postgresBinDir, startThrowawayCluster } from "./cluster";
import type { ThrowawayCluster } from "./cluster";
import { databaseUrl } from "./template-database";
import { migrations } from "~db/migrations";

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export const postgresSkipReason: string | null =
  process.env.TEST_POSTGRES_URL || postgresBinDir()
    ? null
    : "skipped: PostgreSQL is not installed (tests/ensure-postgres.sh installs it)";

if (postgresSkipReason) console.warn(`PostgreSQL tests ${postgresSkipReason}`);

export interface TestPostgresDatabase {
  url: string;
  /** A connection of its own, as another process would have. */
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  drop(): Promise<void>;
}

/**
 * Creates an empty database with the tables of docs/decisions/0038 (migration 0022), or with no
 * tables at all (`sharedTables: false`).
 */
export async function createTestPostgresDatabase({
  sharedTables = true,
}: { sharedTables?: boolean } = {}): Promise<TestPostgresDatabase> {
  let cluster: ThrowawayCluster | null = null;
  const serverUrl = process.env.TEST_POSTGRES_URL ?? (cluster = await startThrowawayCluster()).url;
  const name = `goatedvips_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // DROP DATABASE ... WITH (FORCE) ends whatever connection is still closing.
  pool.on("error", () => {});
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  if (sharedTables) {
    const migration = migrations["0022_shared_events_and_rate_limits"];
    if (!migration) throw new Error("migration 0022 is missing");
    await migration.up(db);
  }
  return {
    url,
    query: (text, values) => pool.query(text, values),
    async drop() {
      await db.destroy();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
      cluster?.stop();
    },
  };
}
