import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, storedPlayerCount, test } from "./fixtures";

// A server of its own with no provider token, so it syncs from the demo source (the shared e2e
// server syncs from the fake provider). Beside the shared port, like the lifecycle test.
const PORT = Number(process.env.E2E_PORT ?? 3311) + 89;
const ORIGIN = `http://localhost:${PORT}`;

test("with no provider token every page says it shows demo data", async ({ page }, info) => {
  test.skip(info.project.name !== "js-off", "a server-level test: one project is enough");
  rmSync("tests/.tmp/demo", { recursive: true, force: true });
  const server = spawn("node_modules/.bin/tsx", ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_PATH: "tests/.tmp/demo/goatedvips.sqlite",
      SESSION_SECRET: "demo-secret-that-is-long-enough-to-sign-cookies",
      GOATED_API_TOKEN: "",
      SYNC_INTERVAL_SECONDS: "300",
    },
    stdio: "ignore",
  });
  try {
    await expect.poll(() => storedPlayerCount(ORIGIN), { timeout: 30_000 }).toBe(2000);

    for (const path of ["/", "/leaderboard?period=weekly", "/no-such-page"]) {
      await page.goto(`${ORIGIN}${path}`);
      await expect(page.getByRole("note")).toContainText("shows demo data");
    }
    // The demo players fill the leaderboard.
    await page.goto(`${ORIGIN}/leaderboard?period=all_time`);
    await expect(page.locator("tbody tr")).toHaveCount(10);
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
});
