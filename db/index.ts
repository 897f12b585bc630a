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

const connections = new WeakMap<
  Kysely<Database>,
  { sqlite: SQLite.Database; driver: WriteTurnDriver }
>();

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
  const dialect = new WriteTurnDialect(withStatementCache(sqlite));
  const db = new Kysely<Database>({ dialect });
  connections.set(db, { sqlite, driver: dialect.driver });
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
 * thread meanwhile (docs/decisions/0019). Reads wait for no turn.
 */
class WriteTurnDialect extends SqliteDialect {
  readonly driver: WriteTurnDriver;

  constructor(readonly database: ReturnType<typeof withStatementCache>) {
    super({ database });
    this.driver = new WriteTurnDriver(super.createDriver(), (sql) => database.prepare(sql).reader);
  }

  override createDriver(): Driver {
    return this.driver;
  }
}

/**
 * Who uses SQLite's single connection, first come first served. `unlock` hands it straight to the
 * next waiter, so `tryLock` fails while anyone waits.
 */
class ConnectionLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  tryLock(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }

  async lock(): Promise<void> {
    if (this.tryLock()) return;
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** One use of the connection (a query, a transaction, `db.connection()`): what it holds. */
interface Lease extends DatabaseConnection {
  holdsLock: boolean;
  holdsTurn: boolean;
}

/**
 * Kysely's own SQLite driver locks its one connection at `acquireConnection`, before it knows
 * whether a write follows; a write waiting there for the worker's turn then held every read of
 * the server's thread behind it (a /healthz waited 140-220 ms during a sync). Here a lease takes
 * the connection at its first statement, and a write or transaction takes the turn before the
 * connection. The turn is this thread's while any of its leases holds it (counted), so a lease
 * already holding the connection (`db.connection()`, the migrator) that writes joins it at once
 * rather than wait for a lease that waits for the connection.
 */
class WriteTurnDriver implements Driver {
  readonly #lock = new ConnectionLock();
  /** The inner driver's connection, held from `init` to `destroy`; `#lock` guards it instead. */
  #connection: DatabaseConnection | null = null;
  /** Leases holding this thread's turn; the turn is given back when the last one lets go. */
  #turnHolders = 0;
  /** Leases waiting for the turn while `#taking` takes it for them all. */
  #turnJoiners = 0;
  #taking: Promise<void> | null = null;

  constructor(
    readonly inner: Driver,
    readonly isReader: (sql: string) => boolean,
  ) {}

  async init() {
    await this.inner.init();
    this.#connection = await this.inner.acquireConnection();
  }

  async destroy() {
    if (this.#connection) await this.inner.releaseConnection(this.#connection);
    this.#connection = null;
    await this.inner.destroy();
  }

  #inner(): DatabaseConnection {
    if (!this.#connection) throw new Error("the database is closed");
    return this.#connection;
  }

  async #takeLock(lease: Lease) {
    if (lease.holdsLock) return;
    await this.#lock.lock();
    lease.holdsLock = true;
  }

  /** The turn, then the connection: a write never holds the connection while it waits for the turn. */
  async #takeTurnThenLock(lease: Lease) {
    if (!lease.holdsTurn) {
      lease.holdsTurn = true;
      if (this.#turnHolders > 0) {
        this.#turnHolders += 1;
      } else {
        this.#turnJoiners += 1;
        this.#taking ??= writeTurn()
          .takeAsync()
          .then(() => {
            this.#turnHolders += this.#turnJoiners;
            this.#turnJoiners = 0;
            this.#taking = null;
          });
        await this.#taking;
      }
    }
    await this.#takeLock(lease);
  }

  #releaseTurn(lease: Lease) {
    if (!lease.holdsTurn) return;
    lease.holdsTurn = false;
    this.#turnHolders -= 1;
    if (this.#turnHolders === 0) writeTurn().release();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const takeLock = () => this.#takeLock(lease);
    const inner = () => this.#inner();
    const lease: Lease = {
      holdsLock: false,
      holdsTurn: false,
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        if (lease.holdsTurn || this.isReader(query.sql)) {
          await this.#takeLock(lease);
          return this.#inner().executeQuery<R>(query);
        }
        await this.#takeTurnThenLock(lease);
        try {
          return await this.#inner().executeQuery<R>(query);
        } finally {
          this.#releaseTurn(lease);
        }
      },
      streamQuery: async function* <R>(query: CompiledQuery, chunkSize?: number) {
        await takeLock();
        yield* inner().streamQuery<R>(query, chunkSize);
      },
    };
    return lease;
  }

  // A transaction holds the turn from its start: a read in it must not see a snapshot the
  // worker's next commit makes stale before the transaction writes.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const lease = connection as Lease;
    await this.#takeTurnThenLock(lease);
    try {
      await this.inner.beginTransaction(this.#inner(), settings);
    } catch (error) {
      this.#releaseTurn(lease);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.commitTransaction(this.#inner());
    } finally {
      this.#releaseTurn(connection as Lease);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(this.#inner());
    } finally {
      this.#releaseTurn(connection as Lease);
    }
  }

  async releaseConnection(connection: DatabaseConnection) {
    const lease = connection as Lease;
    this.#releaseTurn(lease);
    if (lease.holdsLock) {
      lease.holdsLock = false;
      this.#lock.unlock();
    }
  }

  /** Runs `work` holding the connection: no statement or transaction of this thread meanwhile. */
  async holdingConnection<T>(work: () => T | Promise<T>): Promise<T> {
    await this.#lock.lock();
    try {
      return await work();
    } finally {
      this.#lock.unlock();
    }
  }
}

/**
 * The better-sqlite3 connection under a Kysely instance, for bulk writes where building one
 * Kysely query per row is too slow (a 100,000-referral sync), and for pragmas. Statements that
 * must not join an open Kysely transaction go inside `withSqliteConnection`, which holds the
 * connection so that none is open meanwhile.
 */
export function sqliteConnection(db: Kysely<Database>): SQLite.Database {
  return sqliteOf(db).sqlite;
}

/** Runs `work` with the better-sqlite3 connection held (see sqliteConnection). */
export function withSqliteConnection<T>(
  db: Kysely<Database>,
  work: (sqlite: SQLite.Database) => T | Promise<T>,
): Promise<T> {
  const { sqlite, driver } = sqliteOf(db);
  return driver.holdingConnection(() => work(sqlite));
}

function sqliteOf(db: Kysely<Database>) {
  const opened = connections.get(db);
  if (!opened) throw new Error("not a SQLite database opened by openDatabase");
  return opened;
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
