// `npm run backup`: one backup of DATABASE_PATH into BACKUP_DIR now (README "Backups"), safe while
// the server runs. Exits 1 when the backup failed (or DATABASE_URL is set), 3 when only
// BACKUP_COMMAND did.
import { databasePathFromEnv, migrateToLatest } from "../db";
import { backupDirectory, readServerConfig } from "../app/lib/config.server";
import { db } from "../app/services/db.server";
import { createBackup } from "../app/services/backup.server";
import { refuseOnPostgres } from "./sqlite-only";

refuseOnPostgres("backup");

const config = readServerConfig();
const databasePath = databasePathFromEnv();
// The run is recorded in the database, whose backup_runs table may be newer than its schema.
await migrateToLatest(db);
const run = await createBackup({
  databasePath,
  dir: backupDirectory(config, databasePath),
  keep: config.BACKUP_KEEP,
  command: config.BACKUP_COMMAND,
});
await db.destroy();
if (run.outcome === "failure") {
  console.error(`Backup failed: ${run.error}`);
  process.exit(1);
}
const dir = backupDirectory(config, databasePath);
console.log(
  `Backup written: ${dir}/${run.file_name} (${run.size_bytes} bytes, ${run.duration_ms} ms)`,
);
if (run.command_outcome === "failure") {
  console.error(`BACKUP_COMMAND failed: ${run.command_error}`);
  process.exit(3);
}
if (run.command_outcome === "success") console.log("BACKUP_COMMAND done");
