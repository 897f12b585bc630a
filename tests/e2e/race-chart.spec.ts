import { expect, test } from "./fixtures";
import { uniqueName } from "../factories";
import { createSignedInAccount, signInAs } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { minutesFromNow, seedPlayer, seedRace } from "./races";

// The wager charts (issue 32 item 5) are markup drawn by the server: the same with and without
// JavaScript, so each test runs in one project (docs/decisions/0092), js-on where axe scans it.
const DAY_MINUTES = 24 * 60;
// The tests that scan a page with axe are marked slow: a scan takes seconds on a loaded machine.

test("a running race's page charts its top 10, with each one's pace and projected finish in a table @js-on-only", async ({
  page,
}) => {
  // @js-on-only: the server's markup, the same without JavaScript; axe scans it here.
  test.slow();
  const name = uniqueName("closer");
  const start = minutesFromNow(-2 * DAY_MINUTES);
  // Far ahead of anyone the server's own syncs write, so the player is in the top 10.
  await seedPlayer({ name, wager: 9e11, from: start, to: minutesFromNow(-1) });
  const id = await seedRace({
    title: uniqueName("Charted race"),
    start,
    end: minutesFromNow(2 * DAY_MINUTES),
  });

  await page.goto(`/wager-races/${id}`);
  const chart = page.getByRole("region", { name: "Race Chart" });
  await expect(chart.getByRole("img", { name: "The top 10's wager over the race" })).toBeVisible();
  await expect(
    chart.getByRole("columnheader", { name: "Projection: finish at this pace" }),
  ).toBeVisible();
  // Halfway through: about $450B a day, and about twice the wager so far at the end.
  await expect(chart.getByRole("row", { name: new RegExp(name) })).toContainText(
    /#\d+.*\$900B\$4\d\d(\.\d+)?B\$1,\d{3}(\.\d+)?B/,
  );
  await expect(chart.getByText("It is not a result.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a completed race's chart is its final curve, with no projection @js-on-only", async ({
  page,
}) => {
  // @js-on-only: the server's markup, the same without JavaScript; axe scans it here.
  test.slow();
  const name = uniqueName("finisher");
  const start = minutesFromNow(-40 * DAY_MINUTES);
  await seedPlayer({ name, wager: 5000, from: start, to: minutesFromNow(-36 * DAY_MINUTES) });
  const ended = await seedRace({
    title: uniqueName("Charted ended race"),
    start,
    end: minutesFromNow(-35 * DAY_MINUTES),
  });
  await page.goto(`/wager-races/${ended}`);
  const chart = page.getByRole("region", { name: "Race Chart" });
  await expect(chart.getByRole("img", { name: "The top 10's wager over the race" })).toBeVisible();
  await expect(chart.getByRole("row", { name: new RegExp(name) })).toContainText("$5K");
  await expect(chart.getByRole("columnheader", { name: /Projection/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an upcoming race's page says its chart begins with the race, and draws none @js-off-only", async ({
  page,
}) => {
  // @js-off-only: the server's markup, the same with JavaScript.
  const upcoming = await seedRace({
    title: uniqueName("Charted upcoming race"),
    start: minutesFromNow(DAY_MINUTES),
    end: minutesFromNow(3 * DAY_MINUTES),
    status: "upcoming",
  });
  await page.goto(`/wager-races/${upcoming}`);
  const none = page.getByRole("region", { name: "Race Chart" });
  await expect(none).toContainText("The race has not started yet");
  await expect(none.getByRole("img")).toHaveCount(0);
});

test("/wager-races shows the current race's chart @js-off-only", async ({ page }) => {
  // @js-off-only: the server's markup, the same with JavaScript.
  await page.goto("/wager-races");
  const chart = page.getByRole("region", { name: "Race Chart" });
  // The server's own syncs put the fake provider's players in the month's race.
  await expect(chart.getByRole("img", { name: "The top 10's wager over the race" })).toBeVisible();
  await expect(chart.getByRole("table")).toBeVisible();
});

test("/user/:id charts the member's player's wager over the last 30 days @js-on-only", async ({
  page,
  context,
}) => {
  // @js-on-only: the server's markup, the same without JavaScript; axe scans it here.
  test.slow();
  const name = uniqueName("steady");
  const uid = await seedPlayer({
    name,
    wager: 3000,
    from: minutesFromNow(-40 * DAY_MINUTES),
    to: minutesFromNow(-2 * DAY_MINUTES),
  });
  const member = await createSignedInAccount({ goatedId: uid });
  await signInAs(context, member);

  await page.goto(`/user/${member.id}`);
  const section = page.getByRole("region", { name: "Last 30 Days" });
  await expect(section.getByRole("img", { name: "Wager over the last 30 days" })).toBeVisible();
  // $3,000 over 30 days: $100 a day.
  // Named as the member: their profile does not say which provider player is theirs.
  await expect(section).not.toContainText(name);
  const row = section.getByRole("row", { name: new RegExp(member.username) });
  await expect(row).toContainText("$3K");
  await expect(row).toContainText("$100.00");
  await expectNoAxeViolations(page);
});
