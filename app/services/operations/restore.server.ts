import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import { databaseLabel, migrateToLatest, openDatabase, openPostgresDatabase } from "~db";
import type { Database } from "~db";
import { migrations } from "~db/migrations";
import { prepareBackupDirectory } from "~/server/backup-directory.server";
import { DatabaseInUseError, lockDatabase } from "~/server/database-lock.server";
import {
  DEFAULT_PROGRAM_SEARCH,
  findPostgresProgram,
  runPostgresProgram,
} from "~/server/postgres-programs.server";
import type { ProgramSearch } from "~/server/postgres-programs.server";

// Apart from backup.server.ts on purpose: that module opens DATABASE_PATH when it loads (through
// db.server.ts), and a restore must not touch the file it is about to replace.

export class BackupFileError extends Error {
  override name = "BackupFileError";
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/**
 * `npm run restore -- FILE`: refuses while a server (or another restore) holds the database's lock
 * (app/server/database-lock.server.ts); checks the backup (gunzip, integrity_check, a GoatedVIPs
 * database no newer than this app); moves the current database and its -wal and -shm aside (never
 * deletes them); puts the backup in its place and migrates it to the latest schema.
 */
export async function restoreBackup({
  file,
  databasePath,
  now = new Date(),
}: {
  file: string;
  databasePath: string;
  now?: Date;
}): Promise<{ movedAside: string[]; migrationsApplied: string[] }> {
  if (!existsSync(file)) throw new BackupFileError(`${file} does not exist`);
  const release = lockDatabase(databasePath);
  const stamp = timeStamp(now);
  const staging = `${databasePath}.restoring-${stamp}`;
  try {
    await mkdir(path.dirname(databasePath), { recursive: true });
    await unpack(file, staging);
    checkRestorable(staging, file);

    const aside = `${databasePath}.before-restore-${stamp}`;
    const movedAside: string[] = [];
    // Together, under names that keep them a set: SQLite opening `aside` finds `aside-wal`.
    for (const suffix of ["", "-wal", "-shm"]) {
      if (!existsSync(databasePath + suffix)) continue;
      await rename(databasePath + suffix, aside + suffix);
      movedAside.push(aside + suffix);
    }
    await rename(staging, databasePath);

    const restored = openDatabase(databasePath);
    try {
      const { results = [] } = await migrateToLatest(restored);
      return { movedAside, migrationsApplied: results.map((r) => r.migrationName) };
    } finally {
      await restored.destroy();
    }
  } finally {
    await rm(staging, { force: true });
    release();
  }
}

/** A .gz backup is gunzipped; a plain SQLite file (a Litestream restore, say) is copied. */
async function unpack(file: string, target: string): Promise<void> {
  const handle = await open(file);
  const head = Buffer.alloc(2);
  await handle.read(head, 0, 2, 0).finally(() => handle.close());
  try {
    if (head.equals(GZIP_MAGIC)) {
      await pipeline(createReadStream(file), createGunzip(), createWriteStream(target));
    } else {
      await pipeline(createReadStream(file), createWriteStream(target));
    }
  } catch (error) {
    throw new BackupFileError(`${file} is not a readable backup: ${messageOf(error)}`);
  }
}

/** An instant for a file name: colons and the dot made dashes, safe on every file system. */
function timeStamp(at: Date): string {
  return at.toISOString().replace(/[:.]/g, "-");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function checkRestorable(copy: string, file: string): void {
  let sqlite: SQLite.Database | null = null;
  try {
    sqlite = new SQLite(copy, { readonly: true, fileMustExist: true });
    const problems = sqlite.pragma("integrity_check") as { integrity_check: string }[];
    if (problems.map((row) => row.integrity_check).join() !== "ok") {
      throw new BackupFileError(`${file} failed PRAGMA integrity_check`);
    }
    const applied = sqlite.prepare("select name from kysely_migration order by name").pluck();
    const unknown = (applied.all() as string[]).filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new BackupFileError(
        `${file} comes from a newer version of the app (migration ${unknown[0]}): upgrade first`,
      );
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} is not a GoatedVIPs database: ${messageOf(error)}`);
  } finally {
    sqlite?.close();
  }
}

/**
 * `npm run restore -- FILE` on PostgreSQL (DATABASE_URL; docs/decisions/0053): refuses while any
 * other session is connected to the database (a running server); checks the pg_dump archive (a
 * GoatedVIPs database no newer than this app); keeps the current database as a pg_dump archive in
 * BACKUP_DIR (never destroyed); replaces the schema's contents with the archive's in one
 * transaction, and migrates them to the latest schema.
 */
export async function restorePostgresBackup({
  file,
  url,
  dir,
  now = new Date(),
  programSearch = DEFAULT_PROGRAM_SEARCH,
}: {
  file: string;
  url: string;
  /** BACKUP_DIR, where the replaced database is kept. */
  dir: string;
  now?: Date;
  programSearch?: ProgramSearch;
}): Promise<{ movedAside: string[]; migrationsApplied: string[] }> {
  if (!existsSync(file)) throw new BackupFileError(`${file} does not exist`);
  const pgDump = findPostgresProgram("pg_dump", programSearch);
  const pgRestore = findPostgresProgram("pg_restore", programSearch);
  const archived = await archivedMigrations(pgRestore, file);
  const unknown = archived.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupFileError(
      `${file} comes from a newer version of the app (migration ${unknown[0]}): upgrade first`,
    );
  }
  const database = openPostgresDatabase(url, { max: 1 });
  try {
    if (await otherSessionsStay(database)) {
      throw new DatabaseInUseError(databaseLabel({ ...process.env, DATABASE_URL: url }));
    }

    await prepareBackupDirectory(dir);
    const aside = path.join(dir, `goatedvips-before-restore-${timeStamp(now)}.pgdump`);
    await runPostgresProgram(pgDump, ["--format=custom", `--file=${aside}`], url);
    try {
      await replaceSchemaWith(database, pgRestore, file, url);
    } catch (error) {
      const putBack = await replaceSchemaWith(database, pgRestore, aside, url).then(
        () => "the database was put back as it was",
        (again: unknown) => `putting it back failed too (${messageOf(again)}): restore ${aside}`,
      );
      throw new Error(`${messageOf(error)}; ${putBack}`);
    }
    const { results = [] } = await migrateToLatest(database);
    return { movedAside: [aside], migrationsApplied: results.map((r) => r.migrationName) };
  } finally {
    await database.destroy();
  }
}

/** How long restore waits for other sessions to end: a stopped server's backends exit soon after. */
const SESSIONS_END_WAIT_MS = 5_000;

/** Whether other client sessions are still connected to the database after a short wait. */
async function otherSessionsStay(database: Kysely<Database>): Promise<boolean> {
  const deadline = Date.now() + SESSIONS_END_WAIT_MS;
  for (;;) {
    const { rows } = await sql<{ sessions: number }>`
      select count(*)::int as sessions from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and backend_type = 'client backend'`.execute(database);
    if ((rows[0]?.sessions ?? 0) === 0) return false;
    if (Date.now() >= deadline) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Empties the current schema, then restores `archive` into it in one transaction. The schema is
 * dropped whole, not only the archive's objects (pg_restore --clean), so that tables of migrations
 * newer than the archive go too, and migrating afterwards makes them afresh.
 */
async function replaceSchemaWith(
  database: Kysely<Database>,
  pgRestore: string,
  archive: string,
  url: string,
): Promise<void> {
  await database.transaction().execute(async (trx) => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(trx);
    const schema = sql.id(rows[0]?.schema ?? "public");
    await sql`drop schema ${schema} cascade`.execute(trx);
    await sql`create schema ${schema}`.execute(trx);
  });
  await runPostgresProgram(
    pgRestore,
    ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", archive],
    url,
  );
}

/** The migrations a pg_dump archive's database had run: its kysely_migration rows. */
async function archivedMigrations(pgRestore: string, file: string): Promise<string[]> {
  let script: string;
  try {
    script = await runPostgresProgram(pgRestore, [
      "--data-only",
      "--table=kysely_migration",
      "--file=-",
      file,
    ]);
  } catch (error) {
    throw new BackupFileError(`${file} is not a readable pg_dump archive: ${messageOf(error)}`);
  }
  const lines = script.split("\n");
  const start = lines.findIndex((line) => /^COPY \S*kysely_migration /.test(line));
  if (start === -1) throw new BackupFileError(`${file} is not a GoatedVIPs database`);
  const end = lines.indexOf("\\.", start);
  return lines.slice(start + 1, end).map((line) => line.split("\t")[0] ?? "");
}
