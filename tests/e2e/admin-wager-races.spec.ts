import type { Page } from "@playwright/test";
import { createSignedInAccount, signInAs } from "./accounts";
import { expect, jsEnabled, test } from "./fixtures";
import { uniqueName } from "../factories";

const visible = (page: Page, name: string) =>
  page.getByRole("link", { name, exact: true }).filter({ visible: true }).first();

test("an admin creates, edits, toggles and deletes a race with the forms", async ({
  page,
  context,
}, info) => {
  test.slow();
  await signInAs(context, await createSignedInAccount({ isAdmin: true }));
  await page.goto("/admin/wager-races");
  await expect(page).toHaveTitle("Wager Race Management | Admin | GoatedVIPs");
  await expect(page.getByText("Active Races")).toBeVisible();
  await expect(page.getByText("Total Participants")).toBeVisible();
  await expect(page.getByRole("main").getByText(/^\d+\+$/)).toBeVisible();

  await visible(page, "New Race").click();
  const form = page.locator("form").filter({ has: page.getByLabel("Title") });
  // The spec's defaults.
  await expect(form.getByLabel("Type")).toHaveValue("weekly");
  await expect(form.getByLabel("Status")).toHaveValue("upcoming");
  await expect(form.getByLabel("Prize pool ($)")).toHaveValue("200");
  await expect(form.getByLabel("Minimum wager ($)")).toHaveValue("100");
  await expect(form.getByLabel("Start date (UTC)")).toHaveValue(
    `${new Date().toISOString().slice(0, 10)}T00:00`,
  );
  await expect(form.getByLabel(/^Position 1/)).toHaveValue("50");
  // Each position's share and prize in dollars, and what the sliders leave: from the server, then
  // following the sliders with JavaScript; without it, after Preview Prizes (which saves nothing).
  await expect(form.getByText("Left for positions 4 to 10: 25%")).toBeVisible();
  const prizes = form.getByRole("list", { name: "Prizes of positions 1 to 10" });
  await expect(prizes.getByRole("listitem")).toHaveText(
    [
      ["50", "100.00"],
      ["15", "30.00"],
      ["10", "20.00"],
      ["5", "10.00"],
      ["5", "10.00"],
      ["3.75", "7.50"],
      ["3.75", "7.50"],
      ["2.5", "5.00"],
      ["2.5", "5.00"],
      ["2.5", "5.00"],
    ].map(([share, dollars], i) => `#${i + 1} ${share}% $${dollars}`),
  );
  const preview = async () => {
    if (!jsEnabled(info.project.name)) {
      await form.getByRole("button", { name: "Preview Prizes" }).click();
    }
  };
  await form.getByLabel(/^Position 1/).fill("60");
  await form.getByLabel("Prize pool ($)").fill("300");
  await preview();
  await expect(prizes.getByRole("listitem").nth(0)).toHaveText("#1 60% $180.00");
  await expect(prizes.getByRole("listitem").nth(3)).toHaveText("#4 3% $9.00");
  await expect(form.getByText("Left for positions 4 to 10: 15%")).toBeVisible();
  await expect(form.getByLabel(/^Position 1/)).toHaveValue("60");
  await form.getByLabel(/^Position 1/).fill("50");
  await form.getByLabel("Prize pool ($)").fill("200");
  await preview();
  await expect(prizes.getByRole("listitem").nth(3)).toHaveText("#4 5% $10.00");
  await expect(page.getByRole("listitem").filter({ hasText: "Weekly Sprint" })).toHaveCount(0);

  // Bad input: the spec's messages, nothing written.
  await form.getByLabel("Prize pool ($)").fill("0");
  await form.getByLabel("Minimum wager ($)").fill("0");
  await form.getByLabel("End date (UTC)").fill("2020-01-01T00:00");
  await form.getByRole("button", { name: "Create Race" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Prize pool must be greater than 0")).toBeVisible();
  await expect(page.getByText("Minimum wager must be greater than 0")).toBeVisible();

  const title = uniqueName("Weekly Sprint");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Prize pool ($)").fill("300");
  await form.getByLabel("Minimum wager ($)").fill("50");
  await form.getByRole("button", { name: "Create Race" }).click();
  // The values typed survive the failed submission.
  await expect(page.getByText("End date must be after the start date")).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await form.getByLabel("End date (UTC)").fill("2031-01-31T00:00");
  await form.getByRole("button", { name: "Create Race" }).click();
  await expect(page.getByText("Created Successfully")).toBeVisible();
  await expect(page.getByText("Race has been created.")).toBeVisible();
  const card = page.getByRole("listitem", { name: title });
  await expect(card).toContainText("$300.00");
  await expect(card).toContainText("upcoming");
  await expect(card).toContainText("$150.00 (50%) / $45.00 (15%) / $30.00 (10%)");

  await card.getByRole("link", { name: "Edit" }).click();
  const edited = `${title} edited`;
  await page.getByLabel("Title").fill(edited);
  await page.getByRole("button", { name: "Save Race" }).click();
  await expect(page.getByText("Updated Successfully")).toBeVisible();
  const editedCard = page.getByRole("listitem", { name: edited });
  await expect(editedCard).toBeVisible();

  await editedCard.getByRole("button", { name: "Set Live" }).click();
  await expect(page.getByText("Status Updated")).toBeVisible();
  await expect(editedCard).toContainText("live");
  await editedCard.getByRole("button", { name: "Mark Completed" }).click();
  await expect(editedCard.getByText("completed", { exact: true })).toBeVisible();

  if (jsEnabled(info.project.name)) {
    await editedCard.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${edited}?` });
    await expect(dialog).toBeVisible();
    // A click outside the dialog does not dismiss it.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete Race" }).click();
  } else {
    await editedCard.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${edited}?` });
    await expect(confirm).toContainText("This cannot be undone.");
    await confirm.getByRole("button", { name: "Delete Race" }).click();
  }
  await expect(page.getByText("Deleted Successfully")).toBeVisible();
  await expect(page.getByRole("listitem", { name: edited })).toHaveCount(0);
});

test("the admin race page is for admins only", async ({ page, context }) => {
  const visitor = await page.goto("/admin/wager-races");
  expect(new URL(visitor!.url()).pathname).toBe("/admin/login");

  await signInAs(context, await createSignedInAccount({}));
  const response = await page.goto("/admin/wager-races");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByText("You need admin privileges to view this page.")).toBeVisible();
  await expect(page.getByText("Wager Race Management")).toHaveCount(0);
});

// (Every admin route's 401 for a visitor and 403 for a non-admin: tests/unit/routes/admin-guard.test.ts.)
test("the admin race API creates, validates, updates, completes and deletes", async ({
  playwright,
}, info) => {
  test.skip(info.project.name !== "js-off", "no browser involved: one project is enough");
  const admin = await createSignedInAccount({ isAdmin: true });
  const api = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${admin.token}` },
  });
  try {
    const title = uniqueName("API race");
    const fields = {
      title,
      type: "weekend",
      status: "upcoming",
      prizePool: 150,
      minWager: 5,
      startDate: "2030-02-01T00:00:00.000Z",
      endDate: "2030-02-03T00:00:00.000Z",
    };
    const bad = await api.post("/api/admin/wager-races", {
      data: { ...fields, title: " ", prizePool: 0 },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toMatchObject({
      title: ["Title is required"],
      prizePool: ["Prize pool must be greater than 0"],
    });

    const created = await api.post("/api/admin/wager-races", { data: fields });
    expect(created.status()).toBe(201);
    const { race } = await created.json();
    expect(race).toMatchObject({ title, prizePool: 150, prizeDistribution: { 1: 50, 10: 2.5 } });

    const listed = await api.get("/api/admin/wager-races");
    expect((await listed.json()).map((r: { id: number }) => r.id)).toContain(race.id);

    const updated = await api.put("/api/admin/wager-races", {
      data: { ...fields, id: race.id, prizePool: 175, prizeDistribution: { 1: 60, 2: 40 } },
    });
    expect(updated.status()).toBe(200);
    expect((await updated.json()).race).toMatchObject({
      prizePool: 175,
      prizeDistribution: { 1: 60, 2: 40 },
    });

    const status = await api.put(`/api/admin/wager-races/${race.id}/status`, {
      data: { status: "completed" },
    });
    expect((await status.json()).race.status).toBe("completed");
    const badStatus = await api.put(`/api/admin/wager-races/${race.id}/status`, {
      data: { status: "paused" },
    });
    expect(badStatus.status()).toBe(400);

    expect((await api.delete(`/api/admin/wager-races/${race.id}`)).status()).toBe(200);
    expect((await api.delete(`/api/admin/wager-races/${race.id}`)).status()).toBe(404);
  } finally {
    await api.dispose();
  }
});
