import { randomBytes } from "node:crypto";
import { openDatabase } from "~db";
import { E2E_DATABASE_PATH, createSignedInAccount, signInAs } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, jsEnabled, test } from "./fixtures";

// The content pages' walk (status, heading, title, description, axe on every public and members'
// page) runs on the layout matrix's page loads: tests/e2e/layout-matrix.spec.ts.

test.describe("GET forms", () => {
  test("the VIP-transfer calculator gives the bonus (no serious axe violation), and a clear 400 for bad input", async ({
    page,
    context,
  }) => {
    await signInAs(context, await createSignedInAccount({}));
    await page.goto("/vip-transfer");
    await expect(page.getByRole("cell", { name: "Diamond 1" })).toBeVisible();
    await expect(page.getByLabel("House edge (%)")).toHaveValue("1.5");
    await page.getByLabel("Wager requirement (USD)").fill("10000");
    await page.getByRole("button", { name: "Calculate bonus" }).click();
    await expect(page.getByTestId("bonus-result")).toHaveText("$56.25");
    await expect(page).toHaveURL(/wager=10000&edge=1.5/);
    await expectNoAxeViolations(page);

    // Thousands separators and a dollar sign are read as a person means them.
    await page.getByLabel("Wager requirement (USD)").fill("$1,000,000");
    await page.getByRole("button", { name: "Calculate bonus" }).click();
    await expect(page.getByTestId("bonus-result")).toHaveText("$5,625.00");

    await page.getByLabel("Wager requirement (USD)").fill("lots");
    await page.getByRole("button", { name: "Calculate bonus" }).click();
    await expect(page.getByText("Enter your wager in dollars: a number above 0.")).toBeVisible();
    await expect(page.getByTestId("bonus-result")).toHaveCount(0);

    const response = await page.goto("/vip-transfer?wager=1000000&edge=200");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("a number above 0 and at most 100")).toBeVisible();
  });

  test("the provably-fair verifier computes hash, HMAC and roll on the server (no serious axe violation)", async ({
    page,
  }) => {
    await page.goto("/provably-fair");
    await page.getByLabel("Server seed (revealed)").fill("server-seed-1");
    await page.getByLabel("Client seed").fill("client-seed-1");
    await page.getByLabel("Nonce").fill("42");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("server-seed-hash")).toHaveText(
      "a562d93d4bf3b40f7d2ed81c4c43334cc714f2d7d11691a1bec023153998f2e2",
    );
    await expect(page.getByTestId("hmac")).toHaveText(
      "e642c80c46e438195511288766b90085e507c84a8d50320dafed843ea6630813",
    );
    await expect(page.getByTestId("roll")).toHaveText("0.8994565038");
    await expectNoAxeViolations(page);

    const response = await page.goto("/provably-fair?serverSeed=a&clientSeed=b&nonce=-1");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("The nonce is a whole number of 0 or more.")).toBeVisible();
  });

  test("the promotions filter filters, ended ones last and greyed", async ({ page }) => {
    await page.goto("/promotions");
    const cards = page.getByTestId("promotion-card");
    await expect(cards).toHaveCount(4);
    await expect(cards.last()).toHaveAttribute("data-ended", "true");
    await expect(cards.last()).toContainText("Lunar Challenges");
    await expect(cards.last()).not.toContainText("[ENDED]");
    await expect(cards.first()).toContainText("No Expiry Date");

    await page.getByLabel("Category").selectOption("vip");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/category=vip/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("VIP Slot Challenges");

    await page.getByLabel("Category").selectOption("sports");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(cards).toHaveCount(0);
    await expect(page.getByText("No promotions found for the selected category.")).toBeVisible();
  });

  test("the strategies search and category filter", async ({ page }) => {
    await page.goto("/tips-and-strategies");
    await expect(page.getByTestId("strategy")).toHaveCount(6);
    await page.getByLabel("Search strategies").fill("limbo");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=limbo/);
    await expect(page.getByTestId("strategy")).toHaveCount(1);
    await expect(page.getByTestId("strategy")).toContainText("Limbo multipliers");

    await page.getByLabel("Search strategies").fill("");
    await page.getByLabel("Category").selectOption("fundamentals");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("strategy")).toHaveCount(2);
  });

  test("challenges sum their rewards @js-off-only", async ({ page }) => {
    // @js-off-only: the server's page, the same with JavaScript.
    await page.goto("/challenges");
    await expect(page.getByTestId("challenge-tile")).toHaveText([
      "ACTIVE CHALLENGES2",
      "TOTAL REWARDS$65",
      "NEW CHALLENGES1",
    ]);
  });
});

test.describe("bonus codes", () => {
  test("lists the two expired codes, copy disabled for them (no button without JavaScript)", async ({
    page,
    context,
  }, info) => {
    await signInAs(context, await createSignedInAccount({}));
    await page.goto("/bonus-codes");
    const expired = page.locator('[data-testid="bonus-code"][data-expired="true"]');
    await expect(expired.filter({ hasText: "GOATEDVIPS25" })).toContainText("Expired");
    await expect(expired.filter({ hasText: "NEWYEARGOAT" })).toContainText("$50 Bonus");
    await expect(page.getByRole("link", { name: "enable e-mail notifications" })).toBeVisible();
    if (!jsEnabled(info.project.name)) {
      await expect(page.getByRole("button", { name: /Copy/ })).toHaveCount(0);
      return;
    }
    await expect(page.getByRole("button", { name: "Copy GOATEDVIPS25 (expired)" })).toBeDisabled();
  });

  test("copying a live code says Copied! for 2 s @js-on-only", async ({ page, context }) => {
    // @js-on-only: copying needs JavaScript.
    const code = `LIVE${randomBytes(3).toString("hex").toUpperCase()}`;
    const db = openDatabase(E2E_DATABASE_PATH);
    try {
      await db
        .insertInto("bonus_codes")
        .values({
          code,
          description: "A live test code",
          value: "$5 Bonus",
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          created_at: new Date().toISOString(),
        })
        .execute();
    } finally {
      await db.destroy();
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAs(context, await createSignedInAccount({}));
    await page.goto("/bonus-codes");
    const button = page.getByTestId("bonus-code").filter({ hasText: code }).getByRole("button");
    await expect(button).toHaveAccessibleName(`Copy ${code}`);
    await button.click();
    await expect(button).toHaveAccessibleName(`Copied! ${code}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(button).toHaveAccessibleName(`Copy ${code}`, { timeout: 3000 });
  });
});
