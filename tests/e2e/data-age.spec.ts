import { rmSync } from "node:fs";
import { FAKE_AFFILIATE_UID, FAKE_TOKEN, startFakeProvider } from "../fake-provider/server";
import { expect, storedPlayerCount, test } from "./fixtures";
import { ownPort, startOwnServer } from "./own-server";

// With the provider failing, the pages that show synced data say how old it is. The fault needs a
// provider and a server of their own (the shared ones serve every other spec at once): both are
// started here, one pair per project (the provider on a free port).
const PORTS: Record<string, number> = {
  "js-off": ownPort("data-age-js-off"),
  "js-on": ownPort("data-age-js-on"),
};

test("after provider failures the home page and /wager-races say how old their data is", async ({
  page,
}, info) => {
  const port = PORTS[info.project.name];
  test.skip(!port, "js-off and js-on cover it");
  if (!port) return;
  test.setTimeout(90_000);
  const folder = `tests/.tmp/data-age-${info.project.name}`;
  rmSync(folder, { recursive: true, force: true });

  const provider = await startFakeProvider();
  const server = startOwnServer(port, {
    DATABASE_PATH: `${folder}/goatedvips.sqlite`,
    SESSION_SECRET: "data-age-secret-that-is-long-enough-to-sign",
    GOATED_API_BASE_URL: provider.url,
    GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
    GOATED_API_TOKEN: FAKE_TOKEN,
    SYNC_INTERVAL_SECONDS: "1",
    BACKUP_INTERVAL_HOURS: "0",
  });
  const origin = server.origin;
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
    await server.stop();
    await provider.close();
  }
});
