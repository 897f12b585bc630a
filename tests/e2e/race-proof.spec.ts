import { openDatabase } from "~db";
import { E2E_DATABASE_PATH } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, jsEnabled, test } from "./fixtures";
import { minutesFromNow, sealRace, seedRace } from "./races";
import { uniqueName } from "../factories";

// Results anyone can verify (issue 32, docs/decisions/0063): the race page shows the published
// hash and links to /wager-races/:id/proof, where the server (and, with JavaScript, the browser
// through Web Crypto) checks the stored result against it; one cent changed, it no longer matches.

test("the proof page checks a race's result against its hash, and sees one cent changed", async ({
  page,
}) => {
  const title = uniqueName("Proof Race");
  const raceId = await seedRace({
    title,
    status: "completed",
    start: minutesFromNow(-600),
    end: minutesFromNow(-120),
    results: [
      { uid: uniqueName("uid"), name: uniqueName("First"), wager: 9_000.25, prizeCents: 25_000 },
      { uid: uniqueName("uid"), name: uniqueName("Second"), wager: 5_000, prizeCents: 7_500 },
    ],
  });
  const resultHash = await sealRace(raceId);
  const js = jsEnabled(test.info().project.name);
  const browserCheck = page
    .getByRole("region", { name: "Your browser's check" })
    .getByRole("status");

  await page.goto(`/wager-races/${raceId}`);
  await expect(page.getByText(resultHash)).toBeVisible();
  await page.getByRole("link", { name: "Check the result against its hash" }).click();
  await expect(page).toHaveURL(`/wager-races/${raceId}/proof`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText(`"raceId":${raceId},`)).toBeVisible();
  await expect(
    page.getByText("Matches: the result below hashes to the hash published at completion."),
  ).toBeVisible();
  if (js) {
    await expect(browserCheck).toHaveText(
      "Matches: your browser hashed the result below with Web Crypto and got the published hash.",
    );
  }
  await expectNoAxeViolations(page, ["minor", "moderate", "serious", "critical"]);

  const db = openDatabase(E2E_DATABASE_PATH);
  await db
    .updateTable("race_results")
    .set({ prize_cents: 7_501 })
    .where("race_id", "=", raceId)
    .where("position", "=", 2)
    .execute()
    .finally(() => db.destroy());
  await page.reload();
  await expect(
    page.getByText("Does not match: the stored result has changed since it was sealed."),
  ).toBeVisible();
  if (js) {
    await expect(browserCheck).toContainText(
      "Does not match: your browser hashed the result below with Web Crypto and got",
    );
  } else {
    // The live region is in the page before any check, so the browser's verdict is announced.
    await expect(browserCheck).toHaveText(
      "Your browser checks the result here once JavaScript has run.",
    );
  }
});
