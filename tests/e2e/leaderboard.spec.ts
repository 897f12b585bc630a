import type { APIRequestContext, Page } from "@playwright/test";
import { parseReferralPayload } from "~/provider/payload.server";
import type { Referral } from "~/domain/referral";
import { loadFixture } from "../fake-provider/server";
import { expect, test } from "./fixtures";
import {
  documentWasKept,
  leaderboardSocketGreeted,
  markDocument,
  raiseAtProvider,
} from "./live-updates";

// The e2e server syncs from the fake provider's fixture (playwright.config.ts). The realtime test
// raises LiveLeader's totals, which keeps them first in daily and never touches anyone else.
const parsed = parseReferralPayload(loadFixture());
if (!parsed.ok) throw new Error(parsed.error);
const referrals = parsed.referrals;
const daily = referrals
  .filter((r) => r.wagered.today > 0)
  .sort((a, b) => b.wagered.today - a.wagered.today || (a.uid < b.uid ? -1 : 1));
const dailyRank = (uid: string) => daily.findIndex((r) => r.uid === uid) + 1;
const byUid = (uid: string) => referrals.find((r) => r.uid === uid) as Referral;
const usd = (n: number) =>
  n.toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

async function waitForSyncedData(request: APIRequestContext) {
  await expect
    .poll(async () => {
      const response = await request.get("/api/affiliate/stats?page=1&limit=1");
      return ((await response.json()) as { metadata: { totalUsers: number } }).metadata.totalUsers;
    })
    .toBeGreaterThan(0);
}

const rows = (page: Page) => page.locator("tbody tr");

test.beforeEach(async ({ request }) => waitForSyncedData(request));

test("the tabs are links that keep the period in the URL", async ({ page }) => {
  await page.goto("/leaderboard");
  await expect(page).toHaveTitle("Daily Leaderboard | GoatedVIPs");
  const tabs = page.getByRole("navigation", { name: "Leaderboard periods" });
  await expect(tabs.getByRole("link", { name: "Daily" })).toHaveAttribute("aria-current", "page");
  await expect(rows(page).first()).toContainText("LiveLeader");
  await expect(page.getByTestId("player-count")).toHaveText(
    `Total players: ${daily.length.toLocaleString("en-US")}`,
  );

  await tabs.getByRole("link", { name: "All Time" }).click();
  await expect(page).toHaveURL(/period=all_time/);
  await expect(tabs.getByRole("link", { name: "All Time" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // 25,000,000 all time: the only DIAMOND.
  await expect(rows(page).first()).toContainText("100xDegen");
  await expect(rows(page).first()).toContainText("DIAMOND");
  await expect(rows(page).first()).toContainText("$25,000,000.00");

  // The mobile menu's spelling works too.
  await page.goto("/leaderboard?period=all-time");
  await expect(rows(page).first()).toContainText("100xDegen");
});

test("search is a GET form: case-insensitive, with _ taken literally", async ({ page }) => {
  await page.goto("/leaderboard?period=daily");
  const search = page.getByRole("searchbox", { name: "Search players by username" });
  await search.fill("GOAT_");
  await search.press("Enter");
  await expect(page).toHaveURL(/q=GOAT_/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Goat_King");
  // The rank is the position in the whole period, not in the results.
  await expect(rows(page).first().locator("td").first()).toHaveText(
    String(dailyRank("fp-goat-under")),
  );
  // The count says how many matched and of how many players, not just the matches.
  await expect(page.getByTestId("player-count")).toHaveText(
    `1 match of ${daily.length.toLocaleString("en-US")} players`,
  );

  await search.fill("no such player");
  await search.press("Enter");
  await expect(page.getByText("No players match “no such player”.")).toBeVisible();
});

test("pagination: 10 a page with previous and next links", async ({ page }) => {
  const pages = Math.ceil(daily.length / 10);
  await page.goto("/leaderboard?period=daily");
  await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`Page 2 of ${pages}`, { exact: true })).toBeVisible();
  await expect(rows(page).first().locator("td").first()).toHaveText("11");
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
  await expect(rows(page).first().locator("td").first()).toContainText("1");
});

test("clicking a username opens the stats panel; Close closes it", async ({ page }) => {
  const player = byUid("fp-goat-under");
  await page.goto("/leaderboard?period=daily&q=goat");
  await page.getByRole("link", { name: "Goat_King" }).click();
  await expect(page).toHaveURL(/player=fp-goat-under/);
  const panel = page.getByRole("complementary", { name: "Goat_King" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("SILVER"); // 45,000 all time
  await expect(panel).toContainText(usd(player.wagered.today));
  await expect(panel).toContainText(`Rank #${dailyRank("fp-goat-under")}`);
  await expect(panel).toContainText(usd(player.wagered.all_time));
  await panel.getByRole("link", { name: "Close player stats" }).click();
  await expect(page).not.toHaveURL(/player=/);
  await expect(panel).toBeHidden();
  // The search survived the round trip.
  await expect(page).toHaveURL(/q=goat/);
});

test("Escape closes the stats panel (issue 35) @js-on-only", async ({ page }) => {
  // @js-on-only: a key's handler needs JavaScript; Close is the link.
  await page.goto("/leaderboard?period=daily&q=goat&player=fp-goat-under");
  const panel = page.getByRole("complementary", { name: "Goat_King" });
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/player=/);
  await expect(page).toHaveURL(/q=goat/);
});

test("a sync that changes the provider's data shows on the open page without a reload @js-on-only", async ({
  page,
  request,
}) => {
  // @js-on-only: live updates need JavaScript.
  const greeted = leaderboardSocketGreeted(page);
  await page.goto("/leaderboard?period=daily");
  const leaderCell = rows(page).first().locator("td").last();
  await expect(rows(page).first()).toContainText("LiveLeader");
  const before = Number((await leaderCell.innerText()).replace(/[$,]/g, ""));
  // The page's socket is open (its greeting arrived) before anything changes.
  await greeted;
  await markDocument(page);
  await raiseAtProvider(request, "fp-live", 1000);

  await expect
    .poll(async () => Number((await leaderCell.innerText()).replace(/[$,]/g, "")), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(before + 1000);
  expect(await documentWasKept(page)).toBe(true);
});
