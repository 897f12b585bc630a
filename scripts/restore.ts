// `npm run restore -- FILE`: puts a backup back (docs/operations.md "Backups"): as DATABASE_PATH, or with
// DATABASE_URL set into PostgreSQL by pg_restore. Refuses while the server runs; the replaced
// database is kept (moved aside, or dumped into BACKUP_DIR), never deleted.
import path from "node:path";
import { databaseLabel, databasePathFromEnv } from "../db";
import { backupDirectory, readServerConfig } from "../app/server/config.server";
import { DatabaseInUseError } from "../app/server/database-lock.server";
import {
  BackupFileError,
  restoreBackup,
  restorePostgresBackup,
} from "../app/services/operations/restore.server";

const file = process.argv[2]?.trim();
if (!file) {
  console.error(
    "Usage: npm run restore -- <backup file, e.g. data/backups/goatedvips-....sqlite.gz>",
  );
  process.exit(2);
}
try {
  const config = readServerConfig();
  const databasePath = databasePathFromEnv();
  const { movedAside, migrationsApplied } = config.DATABASE_URL
    ? await restorePostgresBackup({
        file: path.resolve(file),
        url: config.DATABASE_URL,
        dir: backupDirectory(config, databasePath),
      })
    : await restoreBackup({ file: path.resolve(file), databasePath });
  for (const aside of movedAside) console.log(`Kept the replaced database as ${aside}`);
  console.log(`Restored ${file} as ${databaseLabel()}`);
  console.log(
    migrationsApplied.length
      ? `Migrated it to the latest schema: ${migrationsApplied.join(", ")}`
      : "Its schema was already the latest",
  );
} catch (error) {
  const refused = error instanceof DatabaseInUseError || error instanceof BackupFileError;
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Restore ${refused ? "refused" : "failed"}: ${message.split("\n").join(" ")}`);
  process.exit(1);
}
