import { openDatabase } from "~db";
import { createSignedInAccount, E2E_DATABASE_PATH, signInAs } from "./accounts";
import { settled } from "./admin-sign-in";
import { expect, jsEnabled, test } from "./fixtures";

// Linking a Goated account (issue 18, decision 0031), with JavaScript off and on: the player asks
// on /profile, an admin approves on /admin/users, and the profile then shows the player's real
// totals and rank; the player can unlink. Each project links its own fake-provider referral (a
// player is linked to one user at most).
const REFERRAL: Record<string, { name: string; allTime: string }> = {
  "js-off": { name: "RoyalRunner", allTime: "$168,843.42" },
  "js-on": { name: "DegenDan", allTime: "$165,405.86" },
  mobile: { name: "SatoshiSam", allTime: "$298,513.74" },
};

/** Waits for the e2e server's first sync from the fake provider to have stored the referral. */
async function synced(name: string) {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    await expect
      .poll(
        async () =>
          (await db.selectFrom("players").select("uid").where("name", "=", name).executeTakeFirst())
            ?.uid,
      )
      .toBeTruthy();
  } finally {
    await db.destroy();
  }
}

test("a player links their Goated account; an admin approves; the profile shows real data", async ({
  page,
  context,
}, info) => {
  test.slow();
  const referral = REFERRAL[info.project.name];
  if (!referral) throw new Error(`no referral for project ${info.project.name}`);
  await synced(referral.name);
  const player = await createSignedInAccount({});
  const admin = await createSignedInAccount({ isAdmin: true });

  await signInAs(context, player);
  await page.goto("/profile");
  const linkedAccounts = page.getByRole("region", { name: "Linked Accounts" });
  await linkedAccounts.getByRole("link", { name: "Connect" }).click();
  await settled(page);
  const username = page.getByLabel("Goated username");
  await username.fill("NotOneOfOurs");
  await page.getByRole("button", { name: "Send link request" }).click();
  await expect(
    page.getByText("We could not find that Goated username among GOATEDVIPS referrals"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /GOATEDVIPS referral link/ })).toHaveAttribute(
    "href",
    "https://www.goated.com/r/GOATEDVIPS",
  );
  // Any case will do; the provider's spelling is kept.
  await username.fill(referral.name.toLowerCase());
  await page.getByRole("button", { name: "Send link request" }).click();
  await expect(linkedAccounts.getByText("Pending review")).toBeVisible();
  await expect(linkedAccounts.getByText(referral.name)).toBeVisible();

  await signInAs(context, admin);
  await page.goto("/admin/users");
  const requests = page.getByRole("region", { name: "Link requests" });
  const row = requests.getByRole("row").filter({ hasText: player.username });
  await expect(row).toContainText(referral.name);
  await expect(row).toContainText(referral.allTime);
  await settled(page);
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(page.getByText("Link request approved")).toBeVisible();
  await expect(requests.getByRole("row").filter({ hasText: player.username })).toHaveCount(0);

  await signInAs(context, player);
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/profile");
  await expect(linkedAccounts.getByText("Connected")).toBeVisible();
  await expect(linkedAccounts.getByText(referral.name)).toBeVisible();
  await expect(page.getByRole("region", { name: "Stats" })).toContainText(referral.allTime);
  await expect(page.getByRole("banner").getByRole("link", { name: "Rank GOLD" })).toBeVisible();
  await page.goto("/profile?tab=races");
  await expect(page.getByText(/Link your .* account to see your wager race position/)).toHaveCount(
    0,
  );
  await page.goto("/notifications");
  await expect(page.getByText("Goated account linked")).toBeVisible();

  // Unlinking asks first, then the profile is back to Connect.
  await page.goto("/profile");
  await linkedAccounts.getByRole("link", { name: "Unlink" }).click();
  await settled(page);
  await expect(page.getByRole("heading", { name: "Unlink your Goated account?" })).toBeVisible();
  await page.getByRole("button", { name: "Unlink", exact: true }).click();
  await expect(linkedAccounts.getByRole("link", { name: "Connect" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /^Rank / })).toHaveCount(0);
  if (jsEnabled(info.project.name)) {
    await expect(page.getByText("Your Goated account has been unlinked")).toBeVisible();
  }
});
