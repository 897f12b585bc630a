// The PostgreSQL pass of the unit tests (VITEST_POSTGRES=1, TEST_POSTGRES_URL set by
// tests/postgres/with-cluster.ts): vitest's global setup migrates one template database, and every
// test file gets a fresh copy of it (tests/unit/setup.ts): a copy takes milliseconds, twenty
// migrations on a new database most of a second.
import pg from "pg";
import { migrateToLatest, openPostgresDatabase } from "~db";

export const TEMPLATE_DATABASE = "goatedvips_template";

/** Whether this vitest run is the PostgreSQL pass. */
export const POSTGRES_PASS = process.env.VITEST_POSTGRES === "1";

export function databaseUrl(clusterUrl: string, database: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function clusterUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url)
    throw new Error("VITEST_POSTGRES=1 needs TEST_POSTGRES_URL (tests/postgres/with-cluster.ts)");
  return url;
}

async function onCluster<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clusterUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** vitest globalSetup: (re)creates and migrates the template database. */
export default async function createTemplateDatabase(): Promise<void> {
  await onCluster(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
    await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  });
  const db = openPostgresDatabase(databaseUrl(clusterUrl(), TEMPLATE_DATABASE), { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** A fresh migrated database for one test file; returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `goatedvips_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onCluster((client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`),
  );
  return databaseUrl(clusterUrl(), name);
}
