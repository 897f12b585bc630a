import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * Who owns the database file: the server for its whole life, `npm run restore` while it swaps the
 * file. The lock is an exclusive transaction held open on a small SQLite file beside the database
 * (`<database>.lock`): the operating system holds it (a POSIX file lock), so it is released when
 * the process ends however it ends (a crash, kill -9), and no stale lock file ever needs clearing
 * (docs/decisions/0032-backups.md).
 */
export function lockFileOf(databasePath: string): string {
  return `${databasePath}.lock`;
}

export class DatabaseInUseError extends Error {
  constructor(databasePath: string) {
    super(
      `${databasePath} is in use by another process (a running server, or npm run restore): stop it first`,
    );
    this.name = "DatabaseInUseError";
  }
}

/**
 * Takes the lock, waiting up to `waitMs` for another holder to let go (a server starting while the
 * previous one finishes its shutdown), else throws DatabaseInUseError. Returns the release.
 */
export function lockDatabase(databasePath: string, { waitMs = 0 } = {}): () => void {
  const file = lockFileOf(databasePath);
  mkdirSync(path.dirname(file), { recursive: true });
  const lock = new SQLite(file, { timeout: waitMs });
  try {
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") {
      throw new DatabaseInUseError(databasePath);
    }
    throw error;
  }
  return () => {
    if (lock.open) lock.close();
  };
}
