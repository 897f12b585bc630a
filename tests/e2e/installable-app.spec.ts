import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The installed app (issue 33 item 1, docs/decisions/0076): every page links the manifest; with
// JavaScript the service worker registers after load and, offline, any page opens /offline with
// the leaderboard and the race as the player last saw them. Without JavaScript nothing changes.

/** The page the service worker kept for /offline's box `name`, and its time, or null. */
function keptPage(page: Page, name: string) {
  return page.evaluate(async (key) => {
    const kept = await caches.match(key);
    return kept ? kept.headers.get("X-Page") : null;
  }, `/offline?snapshot=${name}`);
}

test("every page links the manifest and the offline page says what it keeps @js-off-only", async ({
  page,
  request,
}) => {
  // @js-off-only: the server's pages: js-off proves them.
  test.slow();
  for (const path of ["/", "/wager-races", "/offline"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      "href",
      "/manifest.webmanifest",
    );
  }
  // Opened online, the offline page says how its boxes fill.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
  await expect(page.getByRole("region", { name: "The leaderboard you last saw" })).toContainText(
    "Open the leaderboard while online",
  );
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  expect(await manifest.json()).toMatchObject({ display: "standalone", start_url: "/" });
});

test("offline, any page shows the leaderboard and the race the player last saw @js-on-only", async ({
  page,
  context,
}) => {
  // @js-on-only: the service worker needs JavaScript.
  // Seven pages, two waits for the worker's copies, on a machine shared with the suite.
  test.slow();
  await page.goto("/");
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  // Chromium's own installability check, the one Lighthouse's installable-manifest audit read;
  // a Playwright context is off the record, which only it reports.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);

  // Opened as a page, then by the tabs (the page's data fetched by its scripts).
  await page.goto("/leaderboard");
  await expect.poll(() => keptPage(page, "leaderboard")).toBe("/leaderboard");
  const tabs = page.getByRole("navigation", { name: "Leaderboard periods" });
  await tabs.getByRole("link", { name: "Weekly" }).click();
  await expect(page).toHaveURL(/period=weekly/);
  await expect.poll(() => keptPage(page, "leaderboard")).toBe("/leaderboard?period=weekly");

  await page.goto("/wager-races");
  await expect.poll(() => keptPage(page, "race")).toBe("/wager-races");

  await context.setOffline(true);
  for (const path of ["/", "/leaderboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    const leaderboard = page.getByRole("region", { name: "The leaderboard you last saw" });
    await expect(
      leaderboard
        .getByRole("navigation", { name: "Leaderboard periods" })
        .getByRole("link", { name: "Weekly" }),
    ).toHaveAttribute("aria-current", "page");
    // The sync may have moved the standings since: the copy's rows, whoever leads.
    await expect(leaderboard.locator("tbody tr").first()).toContainText(/\$[\d,]+\.\d\d/);
    const race = page.getByRole("region", { name: "The race you last saw" });
    await expect(race.getByRole("heading", { level: 1 })).toContainText("Race");
    // A copy without scripts: nothing tries to connect.
    await expect(page.locator("script")).toHaveCount(0);
  }

  await context.setOffline(false);
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
});
