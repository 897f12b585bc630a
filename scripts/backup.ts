// `npm run backup`: one backup into BACKUP_DIR now (docs/operations.md "Backups"), safe while the server runs:
// of DATABASE_PATH, or with DATABASE_URL set of PostgreSQL by pg_dump. Exits 1 when the backup
// failed (recorded in backup_runs whenever the database can be written), 3 when only
// BACKUP_COMMAND did; a failure is one line, never a stack trace.
import { databasePathFromEnv, migrateToLatest } from "../db";
import { backupDirectory, readServerConfig } from "../app/server/config.server";

try {
  const config = readServerConfig();
  const databasePath = databasePathFromEnv();
  const dir = backupDirectory(config, databasePath);
  // Loaded here, not above: opening the database may fail too, and that failure is one line.
  const { db } = await import("../app/services/db.server");
  const { createBackup } = await import("../app/services/operations/backup.server");
  // The run is recorded in the database, whose backup_runs table may be newer than its schema.
  await migrateToLatest(db);
  const run = await createBackup({
    databasePath,
    databaseUrl: config.DATABASE_URL,
    dir,
    keep: config.BACKUP_KEEP,
    command: config.BACKUP_COMMAND,
  }).finally(() => db.destroy());
  if (run.outcome === "failure") fail(run.error ?? "unknown error");
  console.log(
    `Backup written: ${dir}/${run.file_name} (${run.size_bytes} bytes, ${run.duration_ms} ms)`,
  );
  if (run.command_outcome === "failure") {
    console.error(`BACKUP_COMMAND failed: ${run.command_error}`);
    process.exit(3);
  }
  if (run.command_outcome === "success") console.log("BACKUP_COMMAND done");
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

function fail(message: string): never {
  console.error(`Backup failed: ${message.split("\n").join(" ")}`);
  process.exit(1);
}
