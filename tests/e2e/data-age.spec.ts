import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { FAKE_AFFILIATE_UID, FAKE_TOKEN, startFakeProvider } from "../fake-provider/server";
import { expect, storedPlayerCount, test } from "./fixtures";

// With the provider failing, the pages that show synced data say how old it is. The fault needs a
// provider and a server of their own (the shared ones serve every other spec at once): both are
// started here, beside the shared port, one pair per project.
const BASE_PORT = Number(process.env.E2E_PORT ?? 3311);
const PORTS: Record<string, { site: number; provider: number }> = {
  "js-off": { site: BASE_PORT + 87, provider: BASE_PORT + 86 },
  "js-on": { site: BASE_PORT + 85, provider: BASE_PORT + 84 },
};

test("after provider failures the home page and /wager-races say how old their data is", async ({
  page,
}, info) => {
  const ports = PORTS[info.project.name];
  test.skip(!ports, "js-off and js-on cover it");
  if (!ports) return;
  test.setTimeout(90_000);
  const origin = `http://localhost:${ports.site}`;
  const folder = `tests/.tmp/data-age-${info.project.name}`;
  rmSync(folder, { recursive: true, force: true });

  const provider = await startFakeProvider({ port: ports.provider });
  const server = spawn("node_modules/.bin/tsx", ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(ports.site),
      DATABASE_PATH: `${folder}/goatedvips.sqlite`,
      SESSION_SECRET: "data-age-secret-that-is-long-enough-to-sign",
      GOATED_API_BASE_URL: provider.url,
      GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
      GOATED_API_TOKEN: FAKE_TOKEN,
      SYNC_INTERVAL_SECONDS: "1",
    },
    stdio: "ignore",
  });
  const updated = /^Updated (just now|\d+ (minute|hour|day)s? ago)$/;
  try {
    // A good sync first: the pages show the provider's players and no age.
    await expect.poll(() => storedPlayerCount(origin), { timeout: 45_000 }).toBeGreaterThan(0);
    await page.goto(`${origin}/`);
    await expect(page.getByText("NeonNinja").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText(updated)).toHaveCount(0);

    // Then the provider fails: the next run records the failure and the same data is stale.
    provider.setMode("server-error");
    await expect(async () => {
      await page.goto(`${origin}/`);
      await expect(page.getByText(updated).filter({ visible: true }).first()).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText("NeonNinja").filter({ visible: true }).first()).toBeVisible();

    await page.goto(`${origin}/wager-races`);
    await expect(page.getByRole("heading", { name: "Current Participants" })).toBeVisible();
    await expect(page.getByText(updated).filter({ visible: true }).first()).toBeVisible();
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    await provider.close();
  }
});
