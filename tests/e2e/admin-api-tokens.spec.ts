import { mkdirSync, rmSync } from "node:fs";
import type { Page } from "@playwright/test";
import { openDatabase } from "~db";
import { insertProviderToken } from "../factories";
import { startFakeProvider } from "../fake-provider/server";
import { providerJwt } from "../provider-jwt";
import { E2E_DATA_FOLDER } from "../../playwright.config";
import { createSignedInAccount, E2E_DATABASE_PATH, signInAs } from "./accounts";
import { PASSWORD, signInAtAdminLogin } from "./admin-sign-in";
import { expectNoAxeViolations } from "./axe";
import { expect, jsEnabled, storedPlayerCount, test, waitForHydration } from "./fixtures";
import { ownPort, startOwnServer } from "./own-server";

// The admin API-token page of issue 15: the tabs, every banner, the form's messages, saving
// (post/redirect/get, with and without JavaScript), the provider health and the panel's card.

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

// The saved token is one for the whole site, and the projects run side by side: each test holds
// this lock (a directory, made atomically, inside the folder the e2e server wipes at start).
const LOCK = `${E2E_DATA_FOLDER}/admin-api-tokens.lock`;

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
const sourceInForce = (page: Page) => page.locator("p").filter({ hasText: "Source in force:" });

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
      page.getByText(
        /GOATED_API_TOKEN and GOATED_AFFILIATE_UID are set in the server's environment/,
      ),
    ).toBeVisible();
    await expect(sourceInForce(page)).toContainText("Environment (GOATED_API_TOKEN)");
    await expect(page.getByRole("heading", { name: "Provider Health" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent syncs" })).toContainText("Success");
    await expectNoAxeViolations(page);

    // The form's rules, in the spec's words; nothing is saved.
    await openAddTab(page);
    await submitToken(page, "too.short.token");
    await expect(page.getByText("Token must be at least 20 characters long")).toBeVisible();
    await submitToken(page, "twenty-plus characters but no dots");
    await expect(page.getByText("Invalid JWT token format")).toBeVisible();
    await expectNoAxeViolations(page);

    const expired = await providerJwt({ uid: "e2e-expired", expiresAt: inDays(-2) });
    await saveToken(page, expired);
    await expect(banner(page, "Token Expired")).toBeVisible();

    // The provider's tokens last 24 hours: "expiring soon" is 6 hours or fewer left.
    const expiring = await providerJwt({ uid: "e2e-expiring", expiresAt: inDays(2.9 / 24) });
    await saveToken(page, expiring);
    await expect(banner(page, "Token Expiring Soon")).toBeVisible();
    await expect(page.getByText(/The saved token will expire in 3 hours\./)).toBeVisible();

    const valid = await providerJwt({ uid: "e2e-valid-uid", expiresAt: inDays(30) });
    await saveToken(page, valid);
    await expect(banner(page, "Token Valid")).toBeVisible();
    await expect(page.getByText("e2e-valid-uid")).toBeVisible();
    expect(await page.content()).not.toContain(valid.split(".")[1]);
    await expectNoAxeViolations(page);

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

// Going live from the admin area (issue 29), on a server of its own without GOATED_API_TOKEN or
// GOATED_AFFILIATE_UID (those of the shared server win over saved settings), with a provider of its
// own that wants a 24-hour token at the affiliate code's endpoint. One pair per project (the
// provider on a free port).
const OWN_PORTS: Record<string, number> = {
  "js-off": ownPort("provider-setup-js-off"),
  "js-on": ownPort("provider-setup-js-on"),
};
const AFFILIATE_CODE = "2RW440E";
const OPERATOR = "opsadmin";

test("an operator pastes token and code, tests, saves, sees live data and a refusal, and goes back to demo", async ({
  page,
}, info) => {
  const port = OWN_PORTS[info.project.name];
  test.skip(!port, "js-off and js-on cover it");
  if (!port) return;
  test.setTimeout(120_000);
  const folder = `tests/.tmp/provider-setup-${info.project.name}`;
  rmSync(folder, { recursive: true, force: true });
  const issuedAt = new Date();
  const token = await providerJwt({
    uid: "jwt-uid-not-the-code",
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + DAY),
  });
  const provider = await startFakeProvider({ token, affiliateUid: AFFILIATE_CODE });
  const server = startOwnServer(port, {
    DATABASE_PATH: `${folder}/goatedvips.sqlite`,
    SESSION_SECRET: "provider-setup-secret-long-enough-to-sign",
    ADMIN_USERNAME: OPERATOR,
    ADMIN_PASSWORD: PASSWORD,
    GOATED_API_BASE_URL: provider.url,
    GOATED_API_TOKEN: "",
    GOATED_AFFILIATE_UID: "",
    SYNC_INTERVAL_SECONDS: "1",
    BACKUP_INTERVAL_HOURS: "0",
  });
  const origin = server.origin;
  const demoNotice = page.getByRole("note").filter({ hasText: "shows demo data" });
  // The fixture's top all-time player.
  const livePlayer = page.getByText("100xDegen").filter({ visible: true }).first();
  try {
    // Demo data first: the server answers with the 2,000 demo players.
    await expect.poll(() => storedPlayerCount(origin), { timeout: 60_000 }).toBe(2000);
    await page.goto(`${origin}/`);
    await expect(demoNotice).toBeVisible();

    await page.goto(`${origin}/admin/login`);
    await signInAtAdminLogin(page, OPERATOR);
    // The password's hash takes seconds on a loaded machine.
    await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
    await page.goto(`${origin}/admin/api-tokens?tab=add`);
    await expect(sourceInForce(page)).toContainText("Demo data");

    // Test connection: one fetch with what was typed, nothing saved.
    await page.getByLabel("Affiliate Code").fill(AFFILIATE_CODE);
    await page.getByLabel("API Token").fill(token);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Connection works" })).toContainText(
      "answered with 45 players",
    );
    await expect(sourceInForce(page)).toContainText("Demo data");

    // Save: the typed values are still in the form.
    await expect(page.getByLabel("Affiliate Code")).toHaveValue(AFFILIATE_CODE);
    await page.getByRole("button", { name: "Save Token" }).click();
    await expect(page).toHaveURL(/\/admin\/api-tokens\?tab=current$/);
    await expect(sourceInForce(page)).toContainText("Saved in admin");
    await expect(banner(page, "Token Valid")).toBeVisible();
    await expect(page.getByText(AFFILIATE_CODE, { exact: true })).toBeVisible();

    // Live data: the provider's players, and the demo notice gone.
    await expect(async () => {
      await page.goto(`${origin}/leaderboard?period=all_time`);
      await expect(livePlayer).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(demoNotice).toHaveCount(0);

    // The provider refuses the token: the page and the panel's card say so, with status and time.
    provider.setMode("refuse-403");
    await expect(async () => {
      await page.goto(`${origin}/admin/api-tokens`);
      await expect(banner(page, "Token Refused")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(
      page
        .getByText(
          /The provider refused the last sync at .+ UTC: HTTP error! status: 403 \(Token expired or revoked\)/,
        )
        .first(),
    ).toBeVisible();
    await expect(banner(page, "Token Valid")).toHaveCount(0);
    await page.goto(`${origin}/admin`);
    const card = page.getByRole("main").getByRole("link", { name: /API Tokens/ });
    await expect(card).toContainText("Token Refused");
    await expect(card).toContainText("HTTP error! status: 403");
    const ready = (await (await fetch(`${origin}/readyz`)).json()) as {
      provider: { status: string; refusal: { httpStatus: number } | null };
    };
    expect(ready.provider).toMatchObject({ status: "Token Refused", refusal: { httpStatus: 403 } });

    // Back to demo data: the saved settings go, and the site says again that it shows demo data.
    await page.goto(`${origin}/admin/api-tokens`);
    await page.getByRole("button", { name: "Use demo data" }).click();
    await expect(sourceInForce(page)).toContainText("Demo data");
    await expect(banner(page, "No Token Found")).toBeVisible();
    await expect(async () => {
      await page.goto(`${origin}/`);
      await expect(demoNotice).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await server.stop();
    await provider.close();
  }
});
