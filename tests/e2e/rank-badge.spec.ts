import { openDatabase } from "~db";
import { insertPlayer, uniqueName } from "../factories";
import { E2E_DATABASE_PATH, createSignedInAccount, signInAs } from "./accounts";
import type { TestAccount } from "./accounts";
import { expect, test } from "./fixtures";

/** Links the account to a synced player who has wagered `allTime` dollars. */
async function linkPlayer(account: TestAccount, allTime: number) {
  const name = uniqueName("goat");
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    const uid = await insertPlayer(db, { name, all_time: allTime });
    await db
      .updateTable("users")
      .set({ goated_id: uid, goated_username: name })
      .where("id", "=", account.id)
      .execute();
  } finally {
    await db.destroy();
  }
}

test.describe("the header's rank badge and bell", () => {
  test("on a phone: the bell goes to bonus codes; the badge shows the rank once wagered @mobile", async ({
    page,
    context,
  }, info) => {
    const account = await createSignedInAccount({});
    await signInAs(context, account);
    await page.goto("/");
    const header = page.getByRole("banner");
    if (info.project.name !== "mobile") {
      // Desktop widths have the full navigation instead.
      await expect(header.getByRole("link", { name: "Bonus codes" })).toBeHidden();
      return;
    }
    await expect(header.getByRole("link", { name: "Bonus codes" })).toHaveAttribute(
      "href",
      "/bonus-codes",
    );
    // No badge before the linked account has wagered.
    await expect(header.getByRole("link", { name: /^Rank / })).toHaveCount(0);

    await linkPlayer(account, 150_000);
    await page.reload();
    const badge = header.getByRole("link", { name: "Rank GOLD" });
    await expect(badge).toHaveAttribute("href", "/profile?tab=rank");
    await expect(badge.locator("img")).toHaveAttribute("src", "/ranks/gold.svg");
    await badge.focus();
    await expect(page.getByRole("tooltip", { name: "14% to PLATINUM" })).toBeVisible();
    // Everything still fits the narrowest phone the shell supports.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload(); // laid out afresh at that width, as a phone would
    await expect(header.getByRole("link", { name: "Play", exact: true })).toBeInViewport({
      ratio: 1,
    });
    // A phone widens its layout to fit what overflows, so check the page's own width too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  test("a visitor sees neither badge nor bell (bonus codes need an account) @js-off-only", async ({
    page,
  }) => {
    // @js-off-only: the server's page, the same with JavaScript.
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /^Rank / })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Bonus codes" })).toHaveCount(0);
  });
});
