import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { prepareDatabase } from "~/services/operations/database-setup.server";
import { db } from "~/services/db.server";
import { verifyPassword } from "~/services/auth/passwords.server";
import { startSyncRun } from "~/services/operations/sync-runs.server";
import { ensureAdmin } from "~/services/auth/users.server";

// Issue 30 item 5: what a starting process does to the database while another process (on
// PostgreSQL) starts beside it or already runs the jobs. Both dialects (the PostgreSQL pass).
describe("a process starting beside others", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await migrateToLatest(db);
  });

  it("creates the ADMIN_USERNAME account once when two create it at the same moment", async () => {
    // Both look the name up before either has hashed the password and inserted the row.
    const outcomes = await Promise.all([
      ensureAdmin("operator", "operator-password"),
      ensureAdmin("operator", "operator-password"),
    ]);
    expect(outcomes.sort()).toEqual(["created", "unchanged"]);
    const rows = await db
      .selectFrom("users")
      .select(["is_admin", "password_hash"])
      .where("username_canonical", "=", "operator")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.is_admin).toBe(1);
    expect(await verifyPassword("operator-password", rows[0]?.password_hash ?? "")).toBe(true);
  });

  it("leaves alone the sync another process is running", async () => {
    const running = await startSyncRun("demo", new Date());
    await prepareDatabase({ username: "operator", password: "operator-password" });
    const run = await db
      .selectFrom("sync_runs")
      .select(["outcome", "finished_at", "error"])
      .where("id", "=", running)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ outcome: "running", finished_at: null, error: null });
  });
});
