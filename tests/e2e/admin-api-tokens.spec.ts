import { mkdirSync, rmSync } from "node:fs";
import type { Page } from "@playwright/test";
import { openDatabase } from "~db";
import { insertProviderToken } from "../factories";
import { providerJwt } from "../provider-jwt";
import { createSignedInAccount, E2E_DATABASE_PATH, signInAs } from "./accounts";
import { expectNoSeriousViolations } from "./axe";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

// The admin API-token page of issue 15: the tabs, every banner, the form's messages, saving
// (post/redirect/get, with and without JavaScript), the provider health and the panel's card.

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

// The saved token is one for the whole site, and the projects run side by side: each test holds
// this lock (a directory, made atomically, inside the folder the e2e server wipes at start).
const LOCK = "tests/.tmp/e2e/admin-api-tokens.lock";

async function withTokenLock(body: () => Promise<void>) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    await body();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

async function resetTokens(stored?: string) {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    await db.deleteFrom("provider_tokens").execute();
    if (stored) await insertProviderToken(db, stored);
  } finally {
    await db.destroy();
  }
}

async function openAddTab(page: Page) {
  await page.getByRole("link", { name: "Add New Token" }).click();
  await expect(page).toHaveURL(/\/admin\/api-tokens\?tab=add$/);
  if (jsEnabled(test.info().project.name)) await waitForHydration(page);
}

async function submitToken(page: Page, token: string) {
  await page.getByLabel("API Token").fill(token);
  await page.getByRole("button", { name: "Save Token" }).click();
}

async function saveToken(page: Page, token: string) {
  await openAddTab(page);
  await submitToken(page, token);
  await expect(page).toHaveURL(/\/admin\/api-tokens\?tab=current$/);
  await expect(page.getByText("API token updated successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: "Current Token" })).toHaveAttribute(
    "aria-current",
    "page",
  );
}

const banner = (page: Page, title: string) => page.getByText(title, { exact: true });

test("an admin saves tokens and sees each banner; the token itself is never shown", async ({
  page,
  context,
}) => {
  test.slow();
  await signInAs(context, await createSignedInAccount({ isAdmin: true }));
  await withTokenLock(async () => {
    await resetTokens();
    await page.goto("/admin/api-tokens");
    await expect(page.getByRole("heading", { name: "API Tokens", level: 1 })).toBeVisible();
    await expect(banner(page, "No Token Found")).toBeVisible();
    // The e2e server syncs with GOATED_API_TOKEN: the page says it wins.
    await expect(
      page.getByText(/GOATED_API_TOKEN is set in the server's environment/),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Provider Health" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent syncs" })).toContainText("Success");
    await expectNoSeriousViolations(page);

    // The form's rules, in the spec's words; nothing is saved.
    await openAddTab(page);
    await submitToken(page, "too.short.token");
    await expect(page.getByText("Token must be at least 20 characters long")).toBeVisible();
    await submitToken(page, "twenty-plus characters but no dots");
    await expect(page.getByText("Invalid JWT token format")).toBeVisible();
    await expectNoSeriousViolations(page);

    const expired = await providerJwt({ uid: "e2e-expired", expiresAt: inDays(-2) });
    await saveToken(page, expired);
    await expect(banner(page, "Token Expired")).toBeVisible();

    const expiring = await providerJwt({ uid: "e2e-expiring", expiresAt: inDays(3) });
    await saveToken(page, expiring);
    await expect(banner(page, "Token Expiring Soon")).toBeVisible();
    await expect(page.getByText("The saved token will expire in 3 days.")).toBeVisible();

    const valid = await providerJwt({ uid: "e2e-valid-uid", expiresAt: inDays(30) });
    await saveToken(page, valid);
    await expect(banner(page, "Token Valid")).toBeVisible();
    await expect(page.getByText("e2e-valid-uid")).toBeVisible();
    expect(await page.content()).not.toContain(valid.split(".")[1]);
    await expectNoSeriousViolations(page);

    // The panel's card links here and shows the status in the same words.
    await page.goto("/admin");
    const card = page.getByRole("main").getByRole("link", { name: /API Tokens/ });
    await expect(card).toContainText("Token Valid");
    await card.click();
    await expect(page).toHaveURL(/\/admin\/api-tokens$/);

    // A stored value that is no JWT cannot be read.
    await resetTokens("stored-before-the-rules-existed");
    await page.reload();
    await expect(banner(page, "Error: Failed to fetch token information.")).toBeVisible();
  });
});
