/**
 * Backups' rules (docs/operations.md "Backups"): what a backup file is called, which ones retention deletes,
 * and when the last good one is too old.
 */

/**
 * What a backup file holds: a gzipped SQLite copy, or PostgreSQL's pg_dump archive in its custom
 * format (compressed already, read by pg_restore).
 */
export type BackupFormat = "sqlite" | "pgdump";

const FILE_PREFIX = "goatedvips-";
const FILE_SUFFIX: Record<BackupFormat, string> = { sqlite: ".sqlite.gz", pgdump: ".pgdump" };
const FILE_PATTERN: Record<BackupFormat, RegExp> = {
  sqlite: /^goatedvips-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite\.gz$/,
  pgdump: /^goatedvips-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.pgdump$/,
};

/**
 * The file a backup taken at `at` is written to: its UTC instant with the colons and the dot made
 * dashes (safe on every file system), e.g. `goatedvips-2026-11-23T03-00-00-000Z.sqlite.gz`
 * (`.pgdump` on PostgreSQL). Names sort in the order the backups were taken.
 */
export function backupFileName(at: Date, format: BackupFormat = "sqlite"): string {
  return `${FILE_PREFIX}${at.toISOString().replace(/[:.]/g, "-")}${FILE_SUFFIX[format]}`;
}

export function isBackupFileName(name: string, format: BackupFormat = "sqlite"): boolean {
  return FILE_PATTERN[format].test(name);
}

/**
 * The backups retention deletes: all but the newest `keep` of the format. Other files in the
 * folder (a copy the operator put there, a half-written temporary file, the other format's
 * backups, kept from before a move to PostgreSQL) are never touched.
 */
export function backupsToDelete(
  names: readonly string[],
  keep: number,
  format: BackupFormat = "sqlite",
): string[] {
  const backups = names.filter((name) => isBackupFileName(name, format)).sort();
  return backups.slice(0, Math.max(0, backups.length - keep));
}

/** A backup is due when there is none yet or the last good one is an interval old. */
export function isBackupDue({
  lastSuccessAt,
  intervalHours,
  now,
}: {
  lastSuccessAt: string | null;
  intervalHours: number;
  now: Date;
}): boolean {
  if (lastSuccessAt === null) return true;
  return now.getTime() - Date.parse(lastSuccessAt) >= intervalHours * 3_600_000;
}

/** The last good backup is stale when it is older than this many backup intervals. */
export const STALE_AFTER_INTERVALS = 2;
/**
 * With the built-in job off (BACKUP_INTERVAL_HOURS=0) backups come from a timer the server does
 * not know about; the deploy guide's timer is daily, so staleness is judged against a day.
 */
export const DEFAULT_BACKUP_INTERVAL_HOURS = 24;

export type BackupHealth =
  { state: "none" } | { state: "fresh" | "stale"; lastSuccessAt: string; ageMs: number };

/** How the newest successful backup stands, for /admin's Backups card. */
export function backupHealth({
  lastSuccessAt,
  intervalHours,
  now,
}: {
  lastSuccessAt: string | null;
  intervalHours: number;
  now: Date;
}): BackupHealth {
  if (lastSuccessAt === null) return { state: "none" };
  const ageMs = Math.max(0, now.getTime() - Date.parse(lastSuccessAt));
  const hours = intervalHours > 0 ? intervalHours : DEFAULT_BACKUP_INTERVAL_HOURS;
  const stale = ageMs > STALE_AFTER_INTERVALS * hours * 3_600_000;
  return { state: stale ? "stale" : "fresh", lastSuccessAt, ageMs };
}
