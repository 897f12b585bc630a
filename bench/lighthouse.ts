// Lighthouse's mobile audit (issue 18, DESIGN.md "Performance budgets"), for bench/run.ts: the
// production build with 10,000 players, audited in Debian's Chromium with the default (mobile)
// preset and simulated throttling (slow 4G, 4x CPU), which Lighthouse computes from the trace,
// so the figures move little with the machine's load.
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ServerBenchDeps } from "./blocking";
import { referralPayload } from "./payload";

const PAGES = ["/", "/leaderboard", "/wager-races"] as const;
const MIN_SCORE = 98;
const MAX_FCP_MS = 1500;
const MAX_TBT_MS = 150;

export async function benchLighthouse({
  work,
  origin,
  record,
  ms,
  withBenchServer,
}: ServerBenchDeps) {
  const options = {
    payload: referralPayload(10_000, 2),
    database: { file: path.join(work, "lighthouse.sqlite") },
    syncSeconds: 86_400,
  };
  await withBenchServer(options, async () => {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    });
    try {
      for (const page of PAGES) {
        // A warm server, as a visitor meets it: the first render after start (cold JIT, the page
        // cache empty) would otherwise be read as the page's time to first byte.
        for (let i = 0; i < 3; i += 1) await (await fetch(`${origin}${page}`)).arrayBuffer();
        const result = await lighthouse(`${origin}${page}`, {
          port: chrome.port,
          onlyCategories: ["performance"],
          output: "json",
          logLevel: "error",
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        // LIGHTHOUSE_REPORT_DIR keeps each page's report and trace (what delays a paint, and why).
        const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const name = page === "/" ? "home" : page.slice(1).replaceAll("/", "-");
          writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(result.lhr, null, 1));
          writeFileSync(
            path.join(reportDir, `${name}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
        }
        const { categories, audits, runtimeError } = result.lhr;
        if (runtimeError) {
          record(`Lighthouse mobile ${page}`, "a run", `failed: ${runtimeError.code}`, false);
          continue;
        }
        const score = Math.round((categories.performance?.score ?? 0) * 100);
        const fcp = audits["first-contentful-paint"]?.numericValue ?? Number.NaN;
        const tbt = audits["total-blocking-time"]?.numericValue ?? Number.NaN;
        record(
          `Lighthouse mobile ${page}: performance score`,
          `>= ${MIN_SCORE}`,
          String(score),
          score >= MIN_SCORE,
        );
        record(
          `Lighthouse mobile ${page}: first contentful paint`,
          `<= ${MAX_FCP_MS / 1000} s`,
          `${(fcp / 1000).toFixed(2)} s`,
          fcp <= MAX_FCP_MS,
        );
        record(
          `Lighthouse mobile ${page}: total blocking time`,
          `< ${MAX_TBT_MS} ms`,
          ms(tbt),
          tbt < MAX_TBT_MS,
        );
      }
      await recordInstallability(`http://127.0.0.1:${chrome.port}`, origin, record);
    } finally {
      chrome.kill();
    }
  });
}

/**
 * Lighthouse 12 has no PWA audits left (its installable-manifest audit read Chromium's own check):
 * the site is installable when that check, asked of the same browser once the service worker
 * controls the home page, finds nothing wrong (docs/decisions/0076).
 */
async function recordInstallability(
  cdpUrl: string,
  origin: string,
  record: ServerBenchDeps["record"],
) {
  const browser = await chromium.connectOverCDP(cdpUrl);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const errors = installabilityErrors.map((error) => error.errorId);
    record(
      "Installable (Chromium's check: manifest, icons, service worker)",
      "no errors",
      errors.length === 0 ? "none" : errors.join(", "),
      errors.length === 0,
    );
  } finally {
    await browser.close();
  }
}
