import { openDatabase } from "~db";
import { insertSession, insertUser } from "../factories";
import { createSignedInAccount, E2E_DATABASE_PATH, signInAs } from "./accounts";
import { expect, test } from "./fixtures";

// /admin/analytics (issue 15): the charts and their figures, and the range chosen by a GET form.

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

const CHARTS = [
  "Registrations per day",
  "Daily active users",
  "Players synced per day",
  "Wagered per day",
  "Sync success rate",
  "Sessions by device",
];

test("analytics renders the site's figures, and the range switch shows 7, 30 or 90 days @mobile", async ({
  page,
  context,
}) => {
  test.slow();
  // A member registered today, signed in on an iPhone.
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    const member = await insertUser(db);
    await insertSession(db, member, { user_agent: IPHONE });
  } finally {
    await db.destroy();
  }
  await signInAs(context, await createSignedInAccount({ isAdmin: true }));

  // The panel's Analytics card leads here.
  await page.goto("/admin");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Analytics/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByText(/^The last 30 days, /)).toBeVisible();
  for (const chart of CHARTS) {
    await expect(page.getByRole("img", { name: chart })).toBeVisible();
  }

  // The figures as text: today's registration and the iPhone session; the fake provider's syncs.
  const today = new Date().toISOString().slice(0, 10);
  const daily = page.getByRole("region", { name: "Daily figures" });
  await expect(daily.locator("tbody tr")).toHaveCount(30);
  await expect(daily.getByRole("row").nth(1).getByRole("rowheader")).toHaveText(today);
  await expect(daily.getByRole("row").nth(1).getByRole("cell").first()).not.toHaveText("0");
  await expect(
    page.getByRole("region", { name: "Sessions by device" }).getByRole("cell", { name: "iPhone" }),
  ).toBeVisible();
  await expect(page.getByText(/^\d+(\.\d)?%$/).first()).toBeVisible();

  // The range: a GET form, with or without JavaScript.
  await page.getByLabel("Range").selectOption("7");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
  await expect(page.getByText(/^The last 7 days, /)).toBeVisible();
  await expect(daily.locator("tbody tr")).toHaveCount(7);
  await expect(page.getByLabel("Range")).toHaveValue("7");

  await page.getByLabel("Range").selectOption("90");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\?days=90$/);
  await expect(daily.locator("tbody tr")).toHaveCount(90);

  // On a phone the page itself never scrolls sideways: the tables scroll inside their regions.
  if (test.info().project.name === "mobile") {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
