import { openDatabase } from "~db";
import { createSignedInAccount, E2E_DATABASE_PATH, signInAs } from "./accounts";
import { settled } from "./admin-sign-in";
import { expectNoAxeViolations } from "./axe";
import { expect, jsEnabled, test } from "./fixtures";
import { uniqueName } from "../factories";

// Giveaways (issue 34) with the native forms: an admin creates one, a member enters it, entries
// close, the admin draws it, and the proof page replays the draw: on the server, and with
// JavaScript in the browser through Web Crypto.

test("an admin creates a giveaway, a member enters, the admin draws, the proof matches", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(240_000);
  const js = jsEnabled(test.info().project.name);
  const admin = await createSignedInAccount({ isAdmin: true });
  const member = await createSignedInAccount({});
  const title = uniqueName("Giveaway");
  await signInAs(context, admin);

  await page.goto("/admin/giveaways");
  await expect(page).toHaveTitle("Giveaways | Admin | GoatedVIPs");
  await expectNoAxeViolations(page);
  await settled(page);
  const form = page.getByRole("region", { name: "New giveaway" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Prize").fill("$250 in BTC");
  await form.getByLabel("Number of winners").fill("0");
  await form.getByRole("button", { name: "Create giveaway" }).click();
  await expect(form.getByText("winners must be at least 1")).toBeVisible();
  await expect(form.getByText("entriesCloseAt must be a date and time")).toBeVisible();

  const closes = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16);
  await form.getByLabel("Entries close (UTC)").fill(closes);
  await form.getByLabel("Number of winners").fill("1");
  await form.getByRole("button", { name: "Create giveaway" }).click();
  await expect(page.getByText("Giveaway created")).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: title });
  await expect(card.getByRole("button", { name: "Draw after entries close" })).toBeDisabled();

  // The member, in a browser of their own.
  const memberContext = await browser.newContext();
  await signInAs(memberContext, member);
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/giveaways");
  await expect(memberPage.getByRole("heading", { level: 1 })).toHaveText("Giveaways");
  await expectNoAxeViolations(memberPage);
  await memberPage.getByRole("link", { name: title }).click();
  await expect(memberPage.getByRole("heading", { level: 1 })).toHaveText(title);
  const id = Number(new URL(memberPage.url()).pathname.split("/").at(-1));
  await expectNoAxeViolations(memberPage);
  await settled(memberPage);
  await memberPage.getByRole("button", { name: "Enter the giveaway" }).click();
  await expect(memberPage.getByText("You have entered this giveaway.")).toBeVisible();

  const db = openDatabase(E2E_DATABASE_PATH);
  await db
    .updateTable("giveaways")
    .set({ entries_close_at: new Date(Date.now() - 60_000).toISOString() })
    .where("id", "=", id)
    .execute()
    .finally(() => db.destroy());

  await page.reload();
  await settled(page);
  await card.getByRole("button", { name: `Draw ${title}` }).click();
  await expect(page.getByText("Giveaway drawn")).toBeVisible();
  await expect(page.getByText(`Winners: ${member.username}.`)).toBeVisible();
  await card.getByRole("link", { name: `Proof of ${title}` }).click();
  await expect(page).toHaveURL(`/giveaways/${id}/proof`);
  await expect(
    page.getByText(
      "Matches: the revealed seed hashes to the published hash, the entrant list to the client seed, and the replay draws the published winners.",
    ),
  ).toBeVisible();
  const browserCheck = page
    .getByRole("region", { name: "Your browser's check" })
    .getByRole("status");
  await expect(browserCheck).toHaveText(
    js
      ? "Matches: your browser replayed the draw with Web Crypto and got the published seed hash, client seed and winners."
      : "Your browser replays the draw here once JavaScript has run.",
  );
  await expectNoAxeViolations(page);

  await memberPage.reload();
  await expect(
    memberPage.getByRole("region", { name: "Winners" }).getByText(member.username),
  ).toBeVisible();
  await memberContext.close();
});
