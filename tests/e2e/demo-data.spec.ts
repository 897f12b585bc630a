import { rmSync } from "node:fs";
import { expect, storedPlayerCount, test } from "./fixtures";
import { ownPort, startOwnServer } from "./own-server";

// A server of its own with no provider token, so it syncs from the demo source (the shared e2e
// server syncs from the fake provider).
const PORT = ownPort("demo-data");

test("with no provider token every page says it shows demo data @js-off-only", async ({ page }) => {
  // @js-off-only: a server-level test: one project is enough.
  // A start-up and a sync of 2,000 players: more than the default on a busy machine.
  test.setTimeout(90_000);
  rmSync("tests/.tmp/demo", { recursive: true, force: true });
  const server = startOwnServer(PORT, {
    DATABASE_PATH: "tests/.tmp/demo/goatedvips.sqlite",
    SESSION_SECRET: "demo-secret-that-is-long-enough-to-sign-cookies",
    GOATED_API_TOKEN: "",
    SYNC_INTERVAL_SECONDS: "300",
    BACKUP_INTERVAL_HOURS: "0",
  });
  try {
    await expect.poll(() => storedPlayerCount(server.origin), { timeout: 30_000 }).toBe(2000);

    for (const path of ["/", "/leaderboard?period=weekly", "/no-such-page"]) {
      await page.goto(`${server.origin}${path}`);
      await expect(page.getByRole("note")).toContainText("shows demo data");
    }
    // The demo players fill the leaderboard.
    await page.goto(`${server.origin}/leaderboard?period=all_time`);
    await expect(page.locator("tbody tr")).toHaveCount(10);
  } finally {
    await server.stop();
  }
});
