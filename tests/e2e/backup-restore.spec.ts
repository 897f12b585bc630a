import { execFile } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { healthy, ownPort, startOwnServer } from "./own-server";

// docs/operations.md "Backups": the production server, data made through the UI, `npm run backup`, the
// database wiped, `npm run restore`, and the data is back. A server of its own.
const PORT = ownPort("backup-restore");
const ORIGIN = `http://localhost:${PORT}`;
const DATA = "tests/.tmp/backup-restore";
const DATABASE_PATH = `${DATA}/goatedvips.sqlite`;
const ENV: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORT),
  DATABASE_PATH,
  SESSION_SECRET: "backup-secret-that-is-long-enough-to-sign-cookies",
  GOATED_API_TOKEN: "",
  SYNC_INTERVAL_SECONDS: "300",
  // Backups only when the test asks for one.
  BACKUP_INTERVAL_HOURS: "0",
};
const PASSWORD = "goat-secret-1";
const SIGN_IN_TIMEOUT = { timeout: 20_000 };

test.describe.configure({ timeout: 180_000 });

async function startServer() {
  const server = startOwnServer(PORT, ENV);
  await healthy(server);
  return server;
}

/** An npm script with the test's environment: its exit code and output. */
async function npmRun(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["run", "-s", ...args], {
      env: ENV,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

test("backup, wipe, restore: the account made before the backup signs in again @js-off-only", async ({
  page,
}) => {
  // @js-off-only: a server-level test: one project is enough.
  rmSync(DATA, { recursive: true, force: true });
  const username = `backup_${Date.now().toString(36)}`;

  let server = await startServer();
  try {
    await page.goto(`${ORIGIN}/auth?mode=register`);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("E-mail").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible(SIGN_IN_TIMEOUT);

    // While the server runs and writes.
    const backup = await npmRun("backup");
    expect(backup.output).toContain("Backup written:");
    expect(backup.code).toBe(0);
    const file = /Backup written: (\S+)/.exec(backup.output)?.[1] ?? "";
    expect(file).toMatch(/goatedvips-[\dT-]+Z\.sqlite\.gz$/);

    const refused = await npmRun("restore", "--", file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Restore refused");
    expect(refused.output).toContain("in use by another process");

    await server.stop();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(DATABASE_PATH + suffix, { force: true });
    expect(existsSync(DATABASE_PATH)).toBe(false);

    const restored = await npmRun("restore", "--", file);
    expect(restored.output).toContain(`Restored ${file}`);
    expect(restored.code).toBe(0);
    expect(readdirSync(DATA)).toContain("goatedvips.sqlite");

    server = await startServer();
    await page.context().clearCookies();
    await page.goto(`${ORIGIN}/auth?mode=login&redirectTo=/profile`);
    await page.getByLabel("Username or e-mail").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible(SIGN_IN_TIMEOUT);
    await expect(page.getByText(`${username}@example.com`)).toBeVisible();
  } finally {
    await server.stop();
  }
});
