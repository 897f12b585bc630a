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

/** Opens (creating if needed) the SQLite file with the pragmas every connection must have. */
export function openDatabase(file: string): Kysely<Database> {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
