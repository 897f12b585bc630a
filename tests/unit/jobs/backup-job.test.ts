import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POSTGRES_PASS } from "../../postgres/template-database";
import { databasePathFromEnv, migrateToLatest } from "~db";
import { backupIfDue, startBackupJob } from "~/jobs/backup.server";
import { panelBackupCard } from "~/services/admin-panel.server";
import { db } from "~/services/db.server";

const settings = (dir: string, intervalHours = 24) => ({
  databasePath: databasePathFromEnv(),
  dir,
  keep: 14,
  intervalHours,
});
const freshDir = () => mkdtempSync(path.join(tmpdir(), "goatedvips-backup-job-"));

beforeAll(async () => {
  await migrateToLatest(db);
});

// SQLite only: on PostgreSQL the server runs no backup job (docs/decisions/0037).
describe.skipIf(POSTGRES_PASS)("the server's backup job (SQLite only)", () => {
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
});
