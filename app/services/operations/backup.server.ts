import { execFile } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { createGzip } from "node:zlib";
import type { BackupRunsTable } from "~db/schema";
import type { Selectable } from "kysely";
import { backupFileName, backupHealth, backupsToDelete } from "~/domain/backups";
import type { BackupFormat, BackupHealth } from "~/domain/backups";
import { prepareBackupDirectory } from "~/server/backup-directory.server";
import {
  DEFAULT_PROGRAM_SEARCH,
  findPostgresProgram,
  runPostgresProgram,
} from "~/server/postgres-programs.server";
import type { ProgramSearch } from "~/server/postgres-programs.server";
import { db } from "~/services/db.server";

export type BackupRun = Selectable<BackupRunsTable>;

export interface BackupSettings {
  /** The live SQLite database (DATABASE_PATH). */
  databasePath: string;
  /** DATABASE_URL: when set, the site's data is in PostgreSQL and pg_dump makes the backup. */
  databaseUrl?: string | null;
  /** BACKUP_DIR, resolved (backupDirectory in app/server/config.server.ts). */
  dir: string;
  keep: number;
  command?: string | null;
  /** Where pg_dump and pg_restore are looked for (app/server/postgres-programs.server.ts). */
  programSearch?: ProgramSearch;
}

/** BACKUP_COMMAND may run this long (a slow upload) before it counts as failed. */
const COMMAND_TIMEOUT_MS = 60 * 60_000;

/**
 * `npm run backup` and the server's backup job (docs/operations.md "Backups"): a consistent copy of the live
 * database (SQLite's VACUUM INTO, or pg_dump's custom format on PostgreSQL), checked and named
 * with the time, then retention and BACKUP_COMMAND. The run is recorded in backup_runs whatever
 * its outcome, an unusable BACKUP_DIR included; a failed run leaves no backup file behind.
 */
export async function createBackup(
  settings: BackupSettings,
  clock: () => Date = () => new Date(),
): Promise<BackupRun> {
  const startedAt = clock();
  const format: BackupFormat = settings.databaseUrl ? "pgdump" : "sqlite";
  const name = backupFileName(startedAt, format);
  let outcome: Pick<BackupRun, "outcome" | "file_name" | "size_bytes" | "error">;
  let command: Pick<BackupRun, "command_outcome" | "command_error"> = {
    command_outcome: null,
    command_error: null,
  };
  try {
    const size = await writeBackup(settings, name);
    outcome = { outcome: "success", file_name: name, size_bytes: size, error: null };
    await deleteOldBackups(settings.dir, settings.keep, format);
    if (settings.command) {
      command = await runBackupCommand(settings.command, path.join(settings.dir, name));
    }
  } catch (error) {
    outcome = { outcome: "failure", file_name: null, size_bytes: null, error: messageOf(error) };
  }
  const finishedAt = clock();
  return db
    .insertInto("backup_runs")
    .values({
      started_at: startedAt.toISOString(),
      finished_at: finishedAt.toISOString(),
      duration_ms: finishedAt.getTime() - startedAt.getTime(),
      ...outcome,
      ...command,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Writes the backup `name` into BACKUP_DIR; returns its size. */
async function writeBackup(settings: BackupSettings, name: string): Promise<number> {
  await prepareBackupDirectory(settings.dir);
  const file = path.join(settings.dir, name);
  // Dot-names are not backups (app/domain/backups.ts), so retention never counts a partial one.
  const partial = path.join(settings.dir, `.${name}.partial`);
  try {
    if (settings.databaseUrl) {
      await dumpPostgres(settings.databaseUrl, partial, settings.programSearch);
    } else {
      const copy = path.join(settings.dir, `.${name}.sqlite-copy`);
      try {
        await copyAndCheck(settings.databasePath, copy);
        await pipeline(createReadStream(copy), createGzip(), createWriteStream(partial));
      } finally {
        await rm(copy, { force: true });
      }
    }
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return (await stat(file)).size;
}

/**
 * pg_dump's custom format (-Fc: compressed, restored table by table by pg_restore), one
 * snapshot of the database while the site goes on writing; it counts once pg_restore can read
 * its table of contents.
 */
async function dumpPostgres(
  url: string,
  target: string,
  search: ProgramSearch = DEFAULT_PROGRAM_SEARCH,
): Promise<void> {
  const pgDump = findPostgresProgram("pg_dump", search);
  const pgRestore = findPostgresProgram("pg_restore", search);
  await runPostgresProgram(pgDump, ["--format=custom", `--file=${target}`], url);
  await runPostgresProgram(pgRestore, ["--list", target]);
}

// The copy runs on a worker thread: VACUUM INTO and integrity_check read the whole file, which
// would stall the server's requests. The worker needs only better-sqlite3, so it is inline.
const COPY_WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const source = new SQLite(workerData.source, { fileMustExist: true, timeout: 5000 });
try {
  source.prepare("VACUUM INTO ?").run(workerData.target);
} finally {
  source.close();
}
const copy = new SQLite(workerData.target, { readonly: true });
try {
  parentPort.postMessage(copy.pragma("integrity_check").map((row) => row.integrity_check));
} finally {
  copy.close();
}
`;

/**
 * Copies `source` into `target` with VACUUM INTO: one read transaction, so the copy is the
 * database at one instant while other connections go on writing (WAL never blocks them), and it is
 * compact, with no -wal beside it. Throws unless the copy passes PRAGMA integrity_check.
 */
export async function copyAndCheck(source: string, target: string): Promise<void> {
  await rm(target, { force: true });
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const problems = await new Promise<string[]>((resolve, reject) => {
    const worker = new Worker(COPY_WORKER, { eval: true, workerData: { driver, source, target } });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the copy's worker exited (${code})`)));
  });
  if (problems.join() !== "ok") {
    throw new Error(`the copy failed PRAGMA integrity_check: ${problems.slice(0, 5).join("; ")}`);
  }
}

/** Retention: deletes all but the newest `keep` backups of the format in `dir`. */
export async function deleteOldBackups(
  dir: string,
  keep: number,
  format: BackupFormat,
): Promise<string[]> {
  const doomed = backupsToDelete(await readdir(dir), keep, format);
  await Promise.all(doomed.map((name) => rm(path.join(dir, name), { force: true })));
  return doomed;
}

/**
 * BACKUP_COMMAND through /bin/sh, with the finished file's path as $1 (and in $BACKUP_FILE), e.g.
 * `rclone copy "$1" offsite:goatedvips`. Its failure does not undo the backup; it is recorded.
 */
async function runBackupCommand(
  command: string,
  file: string,
): Promise<Pick<BackupRun, "command_outcome" | "command_error">> {
  try {
    await promisify(execFile)("/bin/sh", ["-c", command, "backup-command", file], {
      env: { ...process.env, BACKUP_FILE: file },
      timeout: COMMAND_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { command_outcome: "success", command_error: null };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    return { command_outcome: "failure", command_error: stderr || messageOf(error) };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The newest backup run, and how the newest successful one stands (/admin's Backups card). */
export async function backupStatus(
  intervalHours: number,
  now: Date = new Date(),
): Promise<{ lastRun: BackupRun | null; health: BackupHealth }> {
  const [lastRun, lastSuccessAt] = await Promise.all([
    db
      .selectFrom("backup_runs")
      .selectAll()
      .orderBy("finished_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst(),
    lastSuccessfulBackupAt(),
  ]);
  return { lastRun: lastRun ?? null, health: backupHealth({ lastSuccessAt, intervalHours, now }) };
}

/** When the newest successful backup finished; null: none yet. */
export async function lastSuccessfulBackupAt(): Promise<string | null> {
  const row = await db
    .selectFrom("backup_runs")
    .select("finished_at")
    .where("outcome", "=", "success")
    .orderBy("finished_at", "desc")
    .executeTakeFirst();
  return row?.finished_at ?? null;
}
