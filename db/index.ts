import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  MigrationResultSet,
  QueryResult,
  TransactionSettings,
} from "kysely";
import { databaseUrlFromEnv } from "~/server/config.server";
import { sharedPostgresPool } from "~/server/postgres-pool.server";
import { dialectOf } from "./dialect";
import { migrations } from "./migrations";
import { postgresDatabaseOver } from "./postgres";
import type { Database } from "./schema";
import { writeTurn } from "./write-turn";

export type { Database } from "./schema";
export { adoptWriteTurn, writeTurn } from "./write-turn";
export { caseFolded, dialectOf, equalsIgnoringCase, isAnyOf, likeIgnoringCase } from "./dialect";
export type { DialectName } from "./dialect";
export { copyIn, copyRows, openPostgresDatabase, planOnce } from "./postgres";
export type { CopyColumnType } from "./postgres";
export { POSTGRES_URL_PATTERN } from "~/server/config.server";

export const DEFAULT_DATABASE_PATH = "data/goatedvips.sqlite";

export function databasePathFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATABASE_PATH || DEFAULT_DATABASE_PATH);
}

/**
 * The app's database: PostgreSQL when DATABASE_URL is set (docs/decisions/0037), else the SQLite
 * file at DATABASE_PATH.
 */
export function openDatabaseFromEnv(env: NodeJS.ProcessEnv = process.env): Kysely<Database> {
  const url = databaseUrlFromEnv(env);
  return url
    ? postgresDatabaseOver(sharedPostgresPool(url))
    : openDatabase(databasePathFromEnv(env));
}

/** Where the database is, for messages: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseLabel(env: NodeJS.ProcessEnv = process.env): string {
  const url = databaseUrlFromEnv(env);
  if (!url) return databasePathFromEnv(env);
  const shown = new URL(url);
  if (shown.password) shown.password = "***";
  return shown.toString();
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
  const database = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new WriteTurnDialect(database) });
  connections.set(db, sqlite);
  return db;
}

/** Statements kept for reuse: preparing one cost more than running most of our queries. */
const MAX_CACHED_STATEMENTS = 500;

function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SQLite.Statement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/**
 * Kysely over better-sqlite3, whose writes (a statement that is not a reader, or a whole
 * transaction) first wait for the write turn (db/write-turn.ts): a sync stores from a worker
 * thread meanwhile (docs/decisions/0019). Reads never wait.
 */
class WriteTurnDialect extends SqliteDialect {
  constructor(readonly database: ReturnType<typeof withStatementCache>) {
    super({ database });
  }

  override createDriver(): Driver {
    return new WriteTurnDriver(super.createDriver(), (sql) => this.database.prepare(sql).reader);
  }
}

class WriteTurnDriver implements Driver {
  #holding = false;

  constructor(
    readonly inner: Driver,
    readonly isReader: (sql: string) => boolean,
  ) {}

  async #take() {
    await writeTurn().takeAsync();
    this.#holding = true;
  }

  #release() {
    if (!this.#holding) return;
    this.#holding = false;
    writeTurn().release();
  }

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        if (this.#holding || this.isReader(query.sql)) return connection.executeQuery<R>(query);
        await this.#take();
        try {
          return await connection.executeQuery<R>(query);
        } finally {
          this.#release();
        }
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) =>
        connection.streamQuery<R>(query, chunkSize),
    };
  }

  // A transaction holds the turn from its start: a read in it must not see a snapshot the
  // worker's next commit makes stale before the transaction writes.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.#take();
    try {
      await this.inner.beginTransaction(connection, settings);
    } catch (error) {
      this.#release();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      this.#release();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      this.#release();
    }
  }

  async releaseConnection(connection: DatabaseConnection) {
    this.#release();
    await this.inner.releaseConnection(connection);
  }
}

/**
 * The better-sqlite3 connection under a Kysely instance, for bulk writes where building one
 * Kysely query per row is too slow (a 100,000-referral sync). Use it only inside
 * `db.connection().execute(...)`, which holds Kysely's single connection so that no Kysely
 * transaction is open meanwhile.
 */
export function sqliteConnection(db: Kysely<Database>): SQLite.Database {
  const sqlite = connections.get(db);
  if (!sqlite) throw new Error("not a SQLite database opened by openDatabase");
  return sqlite;
}

/** Whether `db` runs on PostgreSQL (DATABASE_URL) rather than the SQLite file. */
export function isPostgres(db: Kysely<Database>): boolean {
  return dialectOf(db) === "postgres";
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
