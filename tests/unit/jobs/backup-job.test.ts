import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { databasePathFromEnv, migrateToLatest } from "~db";
import { backupIfDue, startBackupJob } from "~/jobs/backup.server";
import { panelBackupCard } from "~/services/admin/admin-panel.server";
import { db } from "~/services/db.server";

// The test file's database: SQLite, or on the PostgreSQL pass its database, backed up by pg_dump.
const settings = (dir: string, intervalHours = 24) => ({
  databasePath: databasePathFromEnv(),
  databaseUrl: process.env.DATABASE_URL ?? null,
  dir,
  keep: 14,
  intervalHours,
});
// Each backup copies a whole database (pg_dump on the PostgreSQL pass): seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
const freshDir = () => mkdtempSync(path.join(tmpdir(), "goatedvips-backup-job-"));

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("the server's backup job", () => {
  it("backs up at start when there is no backup, then not again within the interval", async () => {
    expect((await panelBackupCard()).warning).toBe(
      "No backup has succeeded yet: run npm run backup.",
    );
    const dir = freshDir();
    const stop = startBackupJob(settings(dir));
    await vi.waitFor(() => expect(readdirSync(dir)).toHaveLength(1), { timeout: 20_000 });
    await stop();
    expect(await panelBackupCard()).toMatchObject({ figure: "just now", warning: null });

    // A restart soon after: the last backup is recent, so none is made.
    expect(await backupIfDue(settings(dir))).toBeNull();
    expect(readdirSync(dir)).toHaveLength(1);

    // A day later it is due again.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    expect(await backupIfDue(settings(dir), () => tomorrow)).toMatchObject({ outcome: "success" });
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it("is off with BACKUP_INTERVAL_HOURS=0", async () => {
    const dir = freshDir();
    await startBackupJob(settings(dir, 0))();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("warns on /admin once the last successful backup is older than two intervals", async () => {
    // The newest success above is "tomorrow"'s; two intervals after it, and a minute.
    const inThreeDays = new Date(Date.now() + 3 * 24 * 3_600_000 + 2 * 60_000);
    expect((await panelBackupCard(inThreeDays)).warning).toBe(
      "The last successful backup is older than 48 hours: check the backup job.",
    );
  });

  it("records a run into an unusable BACKUP_DIR as failed, shown on /admin, and goes on", async () => {
    const dir = path.join(freshDir(), "a-file");
    writeFileSync(dir, "not a folder");
    const later = new Date(Date.now() + 5 * 24 * 3_600_000);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await backupIfDue(settings(dir), () => later)).toMatchObject({
        outcome: "failure",
        error: `BACKUP_DIR ${dir} cannot be used: it is a file, not a folder`,
      });
      expect(errors).toHaveBeenCalledWith(
        `Backup failed: BACKUP_DIR ${dir} cannot be used: it is a file, not a folder`,
      );
    } finally {
      errors.mockRestore();
    }
    expect((await panelBackupCard(later)).lastFailure).toBe(
      `The last run failed: BACKUP_DIR ${dir} cannot be used: it is a file, not a folder`,
    );
  });
});
