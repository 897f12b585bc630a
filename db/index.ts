import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import type { MigrationResultSet } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type { Database } from "./schema";

export const DEFAULT_DATABASE_PATH = "data/goatedvips.sqlite";

export function databasePathFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATABASE_PATH || DEFAULT_DATABASE_PATH);
}

const connections = new WeakMap<Kysely<Database>, SQLite.Database>();

/** Opens (creating if needed) the SQLite file with the pragmas every connection must have. */
export function openDatabase(file: string): Kysely<Database> {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Statement journals (every upsert into players has one: it fires the name index's triggers)
  // in memory: on disk they wrote about 2 KB per stored row, 1.8 GB for a 100,000-referral sync.
  sqlite.pragma("temp_store = MEMORY");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  connections.set(db, sqlite);
  return db;
}

/**
 * The better-sqlite3 connection under a Kysely instance, for bulk writes where building one
 * Kysely query per row is too slow (a 100,000-referral sync). Use it only inside
 * `db.connection().execute(...)`, which holds Kysely's single connection so that no Kysely
 * transaction is open meanwhile.
 */
export function sqliteConnection(db: Kysely<Database>): SQLite.Database {
  const sqlite = connections.get(db);
  if (!sqlite) throw new Error("not a database opened by openDatabase");
  return sqlite;
}

/** Applies every pending migration; throws (with the failing migration's name) on failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const resultSet = await migrator.migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed`, {
      cause: resultSet.error,
    });
  }
  return resultSet;
}
