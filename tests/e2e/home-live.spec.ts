import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import {
  documentWasKept,
  leaderboardSocketGreeted,
  markDocument,
  raiseAtProvider,
} from "./live-updates";

// The e2e server syncs from the fake provider (playwright.config.ts); LiveLeader is its clear
// daily, weekly and monthly leader.
const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ""));
const wholeUsd = (n: number) =>
  n.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

async function openHome(page: Page) {
  // The first sync from the fake provider may still be running when the first test starts.
  await expect
    .poll(
      async () => {
        await page.goto("/");
        return page.getByRole("region", { name: "Daily Leaderboard" }).locator("tbody tr").count();
      },
      { timeout: 20_000 },
    )
    .toBe(10);
}

test("home shows the total wagered, the MVPs and today's top 10", async ({ page }) => {
  await openHome(page);
  const mvps = page.getByRole("region", { name: "Top Performers" });
  for (const title of ["Daily MVP", "Weekly MVP", "Monthly MVP"]) {
    await expect(mvps.getByRole("article").filter({ hasText: title })).toContainText("LiveLeader");
  }
  const daily = page.getByRole("region", { name: "Daily Leaderboard" });
  await expect(daily.getByRole("columnheader")).toHaveText(["Rank", "User", "Wagered"]);
  await expect(daily.locator("tbody tr").first()).toContainText("LiveLeader");

  // Shown once, in the carousel's first item: exact on the server's render and with JavaScript.
  // Another test may raise a player meanwhile: compare the text with the value it now shows.
  const total = page.getByTestId("carousel-item").first().getByTestId("total-wagered");
  await expect(page.getByTestId("total-wagered")).toHaveCount(1);
  await expect(page.getByText("Total wagered", { exact: true })).toHaveCount(0);
  expect(Number(await total.getAttribute("data-value"))).toBeGreaterThan(1_000_000);
  await expect
    .poll(async () => {
      const exact = Number(await total.getAttribute("data-value"));
      return (await total.textContent()) === wholeUsd(exact);
    })
    .toBe(true);
});

test("the daily search box goes to the daily leaderboard", async ({ page }) => {
  await openHome(page);
  const search = page.getByRole("searchbox", { name: "Search the daily leaderboard by username" });
  await search.fill("goat");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/leaderboard\?period=daily&q=goat$/);
  await expect(page.locator("tbody tr").first()).toContainText("Goat");
});

test("a username on the home page opens the stats panel on the home page", async ({
  page,
}, info) => {
  await openHome(page);
  await markDocument(page);
  const first = page.getByRole("region", { name: "Daily Leaderboard" }).locator("tbody tr a");
  await first.first().click();
  await expect(page).toHaveURL(/\/\?player=fp-live$/);
  const panel = page.getByRole("complementary", { name: "LiveLeader" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("Daily");
  // With JavaScript it opens in place; without, it is the same page rendered with the panel.
  expect(await documentWasKept(page)).toBe(jsEnabled(info.project.name));

  await panel.getByRole("link", { name: "Close player stats" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(panel).toBeHidden();

  // The MVP names open it too.
  const mvps = page.getByRole("region", { name: "Top Performers" });
  await mvps.getByRole("link", { name: "LiveLeader" }).first().click();
  await expect(page.getByRole("complementary", { name: "LiveLeader" })).toBeVisible();
});

test("a provider change updates the home page in place, with the MVP pulse @js-on-only", async ({
  page,
  request,
}) => {
  // @js-on-only: live updates need JavaScript.
  const greeted = leaderboardSocketGreeted(page);
  await openHome(page);
  await greeted;
  const row = page.getByRole("region", { name: "Daily Leaderboard" }).locator("tbody tr").first();
  const before = dollars(await row.locator("td").last().innerText());
  const totalBefore = Number(await page.getByTestId("total-wagered").getAttribute("data-value"));
  await markDocument(page);
  await raiseAtProvider(request, "fp-live", 1000);

  await expect
    .poll(async () => dollars(await row.locator("td").last().innerText()), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(before + 1000);
  const dailyMvp = page
    .getByRole("region", { name: "Top Performers" })
    .getByRole("article")
    .filter({ hasText: "Daily MVP" });
  await expect(dailyMvp.getByRole("img", { name: "Wager just changed" })).toBeAttached();
  expect(
    Number(await page.getByTestId("total-wagered").getAttribute("data-value")),
  ).toBeGreaterThanOrEqual(totalBefore + 1000);
  expect(await documentWasKept(page)).toBe(true);
});
