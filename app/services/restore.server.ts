import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import SQLite from "better-sqlite3";
import { migrateToLatest, openDatabase } from "~db";
import { migrations } from "~db/migrations";
import { lockDatabase } from "~/lib/database-lock.server";

// Apart from backup.server.ts on purpose: that module opens DATABASE_PATH when it loads (through
// db.server.ts), and a restore must not touch the file it is about to replace.

export class BackupFileError extends Error {
  override name = "BackupFileError";
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/**
 * `npm run restore -- FILE`: refuses while a server (or another restore) holds the database's lock
 * (app/lib/database-lock.server.ts); checks the backup (gunzip, integrity_check, a GoatedVIPs
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
  const stamp = now.toISOString().replace(/[:.]/g, "-");
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
