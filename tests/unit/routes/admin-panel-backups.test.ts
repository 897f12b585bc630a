// The /admin panel's Backups card shows a failed run's reason, a folder error included (docs/operations.md
// "Backups"): the loader an admin's page renders from.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { databasePathFromEnv, migrateToLatest } from "~db";
import { loader } from "~/routes/admin._index";
import { createBackup } from "~/services/operations/backup.server";
import { db } from "~/services/db.server";
import { createSession } from "~/services/auth/sessions.server";
import { insertUser } from "../../factories";

let adminToken = "";

beforeAll(async () => {
  await migrateToLatest(db);
  const userId = await insertUser(db, { is_admin: 1 });
  adminToken = await createSession({ userId, userAgent: "vitest", ip: "127.0.0.1" });
});

async function adminPanel() {
  const request = new Request("http://localhost/admin", {
    headers: { Authorization: `Bearer ${adminToken}`, "User-Agent": "vitest" },
  });
  return loader({ request, params: {}, context: { cspNonce: "", clientIp: "127.0.0.9" } });
}

describe("/admin's Backups card", () => {
  it("shows the reason of a run that failed on its folder, and warns", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "goatedvips-panel-")), "a-file");
    writeFileSync(dir, "not a folder");
    await createBackup({
      databasePath: databasePathFromEnv(),
      databaseUrl: process.env.DATABASE_URL ?? null,
      dir,
      keep: 14,
    });
    const { backups } = await adminPanel();
    expect(backups).toMatchObject({
      figure: "None",
      lastFailure: `The last run failed: BACKUP_DIR ${dir} cannot be used: it is a file, not a folder`,
      warning: "No backup has succeeded yet: run npm run backup.",
    });
  });
});
