import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3311);
export const E2E_BASE_URL = `http://localhost:${PORT}`;

// Debian's Chromium (tests/ensure-chromium.sh installs it): Playwright cannot download browsers
// here. The flags keep it from reaching for Google's services on a closed network.
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
    launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js-off", use: { javaScriptEnabled: false } },
    { name: "js-on", use: { javaScriptEnabled: true } },
    {
      name: "mobile",
      use: {
        javaScriptEnabled: true,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  // The production build (npm run build runs first) on a throwaway database.
  webServer: {
    command: "rm -rf tests/.tmp/e2e && node_modules/.bin/tsx server.ts",
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_PATH: "tests/.tmp/e2e/goatedvips.sqlite",
      SESSION_SECRET: "e2e-secret-that-is-long-enough-to-sign-cookies",
    },
  },
});
