import { openDatabase } from "~db";
import { formatMediumDate } from "~/domain/time";
import { E2E_DATABASE_PATH, createSignedInAccount, signInAs } from "./accounts";
import { settled } from "./admin-sign-in";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { minutesFromNow, seedRace } from "./races";
import { uniqueName } from "../factories";

// The payout ledger (issue 32): an admin marks a prize paid with the forms of
// /admin/wager-races/:id, and a player sees 'Paid' with its date on the race page.

test("an admin marks a payout paid with the forms; the race page says Paid with the date", async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const title = uniqueName("Ledger Race");
  const winner = uniqueName("Winner");
  const raceId = await seedRace({
    title,
    status: "completed",
    start: minutesFromNow(-600),
    end: minutesFromNow(-120),
    results: [
      { uid: uniqueName("uid"), name: winner, wager: 9_000, prizeCents: 25_000 },
      { uid: uniqueName("uid"), name: uniqueName("Second"), wager: 5_000, prizeCents: 7_500 },
    ],
  });
  await signInAs(context, await createSignedInAccount({ isAdmin: true }));
  await page.goto(`/admin/wager-races/${raceId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} Payouts`);
  await expectNoAxeViolations(page, ["minor", "moderate", "serious", "critical"]);

  const first = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `#1 ${winner}` }) });
  await settled(page);
  await first.getByLabel("Method").fill("tip");
  // No reference: the browser's check with JavaScript, the server's 400 without; the same words.
  await first.getByRole("button", { name: "Mark Paid" }).click();
  await expect(
    first.getByText("Give the payment's reference, such as a transaction or tip id"),
  ).toBeVisible();
  await first.getByLabel("Reference").fill("tip-e2e-4411");
  await first.getByRole("button", { name: "Mark Paid" }).click();
  await expect(page.getByText(`#1 ${winner}: Paid.`)).toBeVisible();
  await expect(first.getByText("tip-e2e-4411", { exact: true })).toBeVisible();

  const db = openDatabase(E2E_DATABASE_PATH);
  const row = await db
    .selectFrom("race_results")
    .select("paid_at")
    .where("race_id", "=", raceId)
    .where("position", "=", 1)
    .executeTakeFirstOrThrow()
    .finally(() => db.destroy());
  expect(row.paid_at).not.toBeNull();

  // A visitor (a fresh context, signed out) on the race's page.
  const visitor = await browser.newContext();
  try {
    const race = await visitor.newPage();
    await race.goto(`/wager-races/${raceId}`);
    const winnerRow = race.getByRole("row").filter({ hasText: winner });
    await expect(winnerRow).toContainText("$250.00");
    await expect(winnerRow).toContainText(`Paid ${formatMediumDate(row.paid_at ?? "")}`);
    await expect(race.getByRole("row").filter({ hasText: "$75.00" })).not.toContainText("Paid");
  } finally {
    await visitor.close();
  }
});
