import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { createTestPostgresDatabase, postgresSkipReason } from "../postgres/scratch-database";
import { expect, test } from "./fixtures";
import { healthy, ownPort, startOwnServer } from "./own-server";

// Issue 30 item 5: two production servers started at the same moment on one PostgreSQL, with
// ADMIN_USERNAME, while a third process (this test, holding the job lock) runs a sync. Ports of
// their own.
const PORTS = [ownPort("together-0"), ownPort("together-1")];
const JOB_LEADER_INTERVAL_SECONDS = 1;
// app/server/job-leader.server.ts's JOB_LOCK_KEY.
const JOB_LOCK_KEY = 7_157_011_926;

function startServer(port: number, databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "goatedvips-together-"));
  return startOwnServer(port, {
    DATABASE_URL: databaseUrl,
    DATABASE_PATH: path.join(dataDir, "goatedvips.sqlite"),
    // No start-up pg_dump (decision 0053): these tests are about the job lock, not backups.
    BACKUP_INTERVAL_HOURS: "0",
    SESSION_SECRET: E2E_SESSION_SECRET,
    ADMIN_USERNAME: "operator",
    ADMIN_PASSWORD: "operator-password",
    GOATED_API_TOKEN: "",
    JOB_LEADER_INTERVAL_SECONDS: String(JOB_LEADER_INTERVAL_SECONDS),
  });
}

test("two processes started together create the admin once and leave the running sync to its owner", async ({}, info) => {
  test.skip(info.project.name !== "js-off", "a server-level test: one project is enough");
  test.skip(Boolean(postgresSkipReason), postgresSkipReason ?? "");
  test.setTimeout(300_000);

  const database = await createTestPostgresDatabase({ sharedTables: false });
  execFileSync("node_modules/.bin/tsx", ["db/migrate.ts"], {
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: "ignore",
  });
  // The job holder, mid-sync: it holds the lock on a connection of its own, and its run is open.
  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  let holderGone = false;
  const locked = await holder.query("SELECT pg_try_advisory_lock($1) AS locked", [JOB_LOCK_KEY]);
  expect(locked.rows[0]).toEqual({ locked: true });
  const started = await database.query(
    `INSERT INTO sync_runs (source, started_at, outcome) VALUES ('demo', $1, 'running') RETURNING id`,
    [new Date().toISOString()],
  );
  const runId = (started.rows[0] as { id: number }).id;
  const run = async () =>
    (await database.query("SELECT outcome, error FROM sync_runs WHERE id = $1", [runId]))
      .rows[0] as { outcome: string; error: string | null };

  const servers = PORTS.map((port) => startServer(port, database.url));
  try {
    for (const server of servers) await healthy(server, 120_000);
    expect(servers.map((server) => server.child.exitCode)).toEqual([null, null]);
    const admins = await database.query(
      "SELECT is_admin FROM users WHERE username_canonical = 'operator'",
    );
    expect(admins.rows).toEqual([{ is_admin: 1 }]);
    // Started, neither process took the holder's run for an abandoned one.
    expect(await run()).toEqual({ outcome: "running", error: null });

    // The holder dies (its connection and lock go with it): the process that takes the jobs
    // closes the run it left, then syncs.
    await holder.end();
    holderGone = true;
    await expect
      .poll(run, { timeout: JOB_LEADER_INTERVAL_SECONDS * 1000 + 15_000 })
      .toEqual({ outcome: "failed", error: "Interrupted" });
    await expect
      .poll(
        async () =>
          (
            await database.query(
              "SELECT count(*)::int AS count FROM sync_runs WHERE id > $1 AND outcome = 'success'",
              [runId],
            )
          ).rows[0],
        { timeout: 30_000 },
      )
      .toEqual({ count: 1 });
  } finally {
    for (const [i, server] of servers.entries()) {
      await info.attach(`server ${i}`, { body: server.output(), contentType: "text/plain" });
    }
    if (!holderGone) await holder.end();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
});
