import { defineConfig } from "@playwright/test";
import { FAKE_AFFILIATE_UID, FAKE_TOKEN } from "./tests/fake-provider/server";

const PORT = Number(process.env.E2E_PORT ?? 3311);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
// The admin host (ADMIN_HOST): Chromium resolves every *.localhost name to loopback, so the same
// server answers both names, and host-only cookies keep them apart.
export const E2E_ADMIN_HOST = `admin.localhost:${PORT}`;
export const E2E_ADMIN_URL = `http://${E2E_ADMIN_HOST}`;
// The fake provider (tests/fake-provider) beside the site, on a port derived from E2E_PORT so
// parallel checkouts do not collide.
const FAKE_PROVIDER_PORT = PORT + 1000;
export const FAKE_PROVIDER_URL = `http://127.0.0.1:${FAKE_PROVIDER_PORT}`;
// The e2e server's throwaway database, by port: a second run on another E2E_PORT (a developer
// checking one spec while the suite runs) must not delete the first run's database.
export const E2E_DATA_FOLDER = `tests/.tmp/e2e-${PORT}`;
// The e2e server's secret: tests/e2e/email.spec.ts signs unsubscribe links with it.
export const E2E_SESSION_SECRET = "e2e-secret-that-is-long-enough-to-sign-cookies";

// Debian's Chromium headless shell (tests/ensure-chromium.sh installs it): Playwright cannot
// download browsers here. The shell is the same engine without the browser's UI; it runs the suite
// in about half the time of the full browser (docs/decisions/0057). E2E_CHROMIUM=/usr/bin/chromium
// runs it in the full browser. The flags keep it from reaching for Google's services.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "tests/.tmp/reports/e2e.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell",
      args: CHROMIUM_ARGS,
    },
    // A failure keeps a screenshot of the end and the page's accessibility snapshot
    // (error-context.md). The trace (every action with the page's DOM before and after) is recorded
    // only for a retry (CI retries once): recorded for every test and kept for the failing ones, it
    // cost 8-28% of the suite's CPU, which bounds its time (docs/decisions/0082). `--trace on`
    // records it when a failure needs it.
    trace: { mode: "on-first-retry", screenshots: false },
    screenshot: "only-on-failure",
  },
  // A test that one project proves carries a tag in its title, so the other projects never run
  // it (a test skipped inside its body had its browser context made first): @js-on-only,
  // @js-off-only, @mobile-only (docs/decisions/0092).
  projects: [
    {
      name: "js-off",
      grepInvert: /@js-on-only|@mobile-only/,
      use: { javaScriptEnabled: false },
    },
    { name: "js-on", grepInvert: /@js-off-only|@mobile-only/, use: { javaScriptEnabled: true } },
    {
      // A phone: only the tests whose title carries @mobile, those about a phone's layout, menus
      // or touch. Every flow is proven in js-off and js-on; running it all a third time at 390 px
      // cost a fifth of the suite's time and found nothing the width checks do not.
      name: "mobile",
      grep: /@mobile/,
      use: {
        javaScriptEnabled: true,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    {
      command: "node_modules/.bin/tsx tests/fake-provider/main.ts",
      url: `${FAKE_PROVIDER_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_PROVIDER_PORT: String(FAKE_PROVIDER_PORT) },
    },
    // The production build (npm run build runs first), run as production runs it (plain node,
    // build/server.js), on a throwaway database. It syncs from the fake provider, deliberately:
    // the e2e tests need known players and a provider whose data they can change; the demo source
    // (no token) is covered by vitest. Every 2 s, so a change shows up quickly.
    {
      command: `rm -rf ${E2E_DATA_FOLDER} && node build/server.js`,
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        DATABASE_PATH: `${E2E_DATA_FOLDER}/goatedvips.sqlite`,
        SESSION_SECRET: E2E_SESSION_SECRET,
        ADMIN_HOST: E2E_ADMIN_HOST,
        GOATED_API_BASE_URL: FAKE_PROVIDER_URL,
        GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
        GOATED_API_TOKEN: FAKE_TOKEN,
        SYNC_INTERVAL_SECONDS: "2",
        // Every test signs up from this one address.
        REGISTRATIONS_PER_IP_PER_HOUR: "1000",
      },
    },
  ],
});
