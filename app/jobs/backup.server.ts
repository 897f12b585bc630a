import { isBackupDue } from "~/domain/backups";
import { startRepeatingJob } from "~/server/repeating-job.server";
import { createBackup, lastSuccessfulBackupAt } from "~/services/operations/backup.server";
import type { BackupRun, BackupSettings } from "~/services/operations/backup.server";

/**
 * How often the job looks whether a backup is due: hourly, so a restart does not push the next
 * backup a whole interval away, and a failed one is retried within the hour.
 */
export const BACKUP_CHECK_INTERVAL_MS = 60 * 60_000;

/**
 * The built-in backup job (BACKUP_INTERVAL_HOURS; 0 leaves it off): a backup whenever the last
 * successful one, by this server or by `npm run backup`, is an interval old. Returns the stop.
 */
export function startBackupJob(
  settings: BackupSettings & { intervalHours: number },
  clock: () => Date = () => new Date(),
): () => Promise<void> {
  if (settings.intervalHours <= 0) return async () => {};
  const intervalMs = settings.intervalHours * 3_600_000;
  return startRepeatingJob("backup", Math.min(intervalMs, BACKUP_CHECK_INTERVAL_MS), () =>
    backupIfDue(settings, clock),
  );
}

/** One look of the job: a backup if one is due, logged; returns the run, or null if none was due. */
export async function backupIfDue(
  settings: BackupSettings & { intervalHours: number },
  clock: () => Date = () => new Date(),
): Promise<BackupRun | null> {
  const lastSuccessAt = await lastSuccessfulBackupAt();
  if (!isBackupDue({ lastSuccessAt, intervalHours: settings.intervalHours, now: clock() })) {
    return null;
  }
  const run = await createBackup(settings, clock);
  if (run.outcome === "success") {
    console.log(`Backup: ${run.file_name} (${run.size_bytes} bytes, ${run.duration_ms} ms)`);
  } else {
    console.error(`Backup failed: ${run.error}`);
  }
  if (run.command_outcome === "failure") {
    console.error(`BACKUP_COMMAND failed: ${run.command_error}`);
  }
  return run;
}
