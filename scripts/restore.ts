// `npm run restore -- FILE`: puts a backup back as DATABASE_PATH (README "Backups"). Refuses while
// the server runs (and with DATABASE_URL set); the replaced database is moved aside, never deleted.
import path from "node:path";
import { databasePathFromEnv } from "../db";
import { DatabaseInUseError } from "../app/lib/database-lock.server";
import { BackupFileError, restoreBackup } from "../app/services/restore.server";
import { refuseOnPostgres } from "./sqlite-only";

refuseOnPostgres("restore");

const file = process.argv[2]?.trim();
if (!file) {
  console.error(
    "Usage: npm run restore -- <backup file, e.g. data/backups/goatedvips-....sqlite.gz>",
  );
  process.exit(2);
}
const databasePath = databasePathFromEnv();
try {
  const { movedAside, migrationsApplied } = await restoreBackup({
    file: path.resolve(file),
    databasePath,
  });
  for (const aside of movedAside) console.log(`Kept the replaced file as ${aside}`);
  console.log(`Restored ${file} as ${databasePath}`);
  console.log(
    migrationsApplied.length
      ? `Migrated it to the latest schema: ${migrationsApplied.join(", ")}`
      : "Its schema was already the latest",
  );
} catch (error) {
  if (error instanceof DatabaseInUseError || error instanceof BackupFileError) {
    console.error(`Restore refused: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
