import { openDatabase } from "~db";
import { E2E_DATABASE_PATH, createSignedInAccount, signInAs } from "./accounts";
import { settled } from "./admin-sign-in";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { minutesFromNow, seedRace } from "./races";
import { insertPlayer, uniqueName } from "../factories";

// Wager anomaly flags (issue 34 item 2): an admin reads a flag's evidence on /admin/flags,
// dismisses one and confirms another with the native forms; the confirmed player's prize is held
// in the payout ledger with the flag as the reason.

/** A player whose all-time total went down at the last sync, flagged as the rules would. */
async function seedDecreaseFlag(name: string): Promise<{ uid: string; id: number }> {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    const before = { total: 4_000, at: minutesFromNow(-180) };
    const after = { total: 3_250, at: minutesFromNow(-60) };
    const uid = await insertPlayer(db, {
      name,
      all_time: 0,
      snapshots: [
        [minutesFromNow(-600), 1_000],
        [before.at, before.total],
        [after.at, after.total],
      ],
    });
    const flag = await db
      .insertInto("wager_flags")
      .values({
        kind: "totals_decrease",
        player_uid: uid,
        evidence_window: `${before.at}/${after.at}`,
        evidence_json: JSON.stringify({
          kind: "totals_decrease",
          before: before.total,
          beforeAt: before.at,
          after: after.total,
          afterAt: after.at,
        }),
        // Raised now, by the sync after `after.at`: the newest, so on the list's first page.
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { uid, id: flag.id };
  } finally {
    await db.destroy();
  }
}

test("an admin dismisses one flag and confirms another; the confirmed player's prize is held", async ({
  page,
  context,
}) => {
  test.slow();
  const keptName = uniqueName("Fine");
  const heldName = uniqueName("Suspect");
  const fine = await seedDecreaseFlag(keptName);
  const suspect = await seedDecreaseFlag(heldName);
  const raceId = await seedRace({
    title: uniqueName("Flagged Race"),
    status: "completed",
    start: minutesFromNow(-600),
    end: minutesFromNow(-120),
    results: [{ uid: suspect.uid, name: heldName, wager: 2_250, prizeCents: 25_000 }],
  });
  await signInAs(context, await createSignedInAccount({ isAdmin: true }));

  await page.goto("/admin");
  await page.getByRole("link", { name: /^Wager Flags: \d+ open$/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wager Flags");
  await expect(page.getByRole("heading", { name: "How flags are raised" })).toBeVisible();
  const card = (flag: { id: number }, name: string) =>
    page.getByRole("article", { name: `#${flag.id} All-time total went down: ${name}` });
  const fineCard = card(fine, keptName);
  await expect(fineCard.getByText("$750.00")).toBeVisible();
  await expect(
    fineCard.getByRole("img", { name: `${keptName}'s wager over the last 30 days` }),
  ).toBeVisible();
  await expectNoAxeViolations(page, ["minor", "moderate", "serious", "critical"]);

  await settled(page);
  await fineCard.getByRole("button", { name: `Dismiss #${fine.id}` }).click();
  await expect(page.getByText(`Flag #${fine.id} dismissed`)).toBeVisible();
  await expect(fineCard).toHaveCount(0);

  await settled(page);
  await card(suspect, heldName)
    .getByRole("button", { name: `Confirm #${suspect.id} and hold payouts` })
    .click();
  await expect(page.getByText(`Flag #${suspect.id} confirmed`)).toBeVisible();
  await expect(card(suspect, heldName)).toHaveCount(0);

  await page.goto(`/admin/wager-races/${raceId}`);
  await expect(
    page.getByText(`Held: confirmed wager flag #${suspect.id} (see /admin/flags)`),
  ).toBeVisible();
});
