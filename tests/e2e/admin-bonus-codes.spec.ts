import { randomBytes } from "node:crypto";
import { createSignedInAccount, signInAs } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

// Issue 16's bonus codes: an admin adds, edits and deletes a code on /admin/bonus-codes (a page
// section and a confirm step without JavaScript, dialogs with it) and members see it on
// /bonus-codes, where copying says 'Copied!'.

const uniqueCode = () => `E2E-${randomBytes(3).toString("hex").toUpperCase()}`;

test("an admin adds, edits and deletes a code, and members see it on /bonus-codes", async ({
  page,
  context,
  browser,
}, info) => {
  test.slow();
  const js = jsEnabled(info.project.name);
  await signInAs(context, await createSignedInAccount({ isAdmin: true }));
  await page.goto("/admin/bonus-codes");
  await expect(page).toHaveTitle("Bonus Code Management | Admin | GoatedVIPs");
  await expect(page.getByRole("listitem", { name: "GOATEDVIPS25" })).toContainText("Expired");
  await expectNoAxeViolations(page);
  if (js) await waitForHydration(page);

  // 'Add New Code': a dialog with JavaScript, a section of the page without.
  const code = uniqueCode();
  if (js) {
    await page.getByRole("button", { name: "Add New Code" }).click();
  } else {
    await page.getByRole("link", { name: "Add New Code" }).click();
  }
  const form = js
    ? page.getByRole("dialog", { name: "Add New Code" })
    : page.getByRole("region", { name: "Add New Code" });
  await expect(form).toBeVisible();
  if (js) await expectNoAxeViolations(page);

  // Refused input: the messages in place, nothing written.
  await form.getByLabel("Code").fill("bad code!");
  await form.getByLabel("Value").fill("$25 Bonus");
  await form.getByLabel("Description").fill("A code for the e2e goats");
  await form.getByLabel("Expires at (UTC)").fill("2099-12-31T23:59");
  await form.getByRole("button", { name: "Add Code" }).click();
  await expect(form.getByText("Code may contain only letters, digits, - and _")).toBeVisible();

  await form.getByLabel("Code").fill(code.toLowerCase());
  await form.getByRole("button", { name: "Add Code" }).click();
  await expect(page.getByText("Bonus code created successfully")).toBeVisible();
  const card = page.getByRole("listitem", { name: code });
  await expect(card).toContainText("$25 Bonus");
  await expect(card).toContainText("Active");
  await expect(card).toContainText("Dec 31, 2099");

  // A duplicate is refused with the reason, never silently.
  if (js) {
    await page.getByRole("button", { name: "Add New Code" }).click();
  } else {
    await page.getByRole("link", { name: "Add New Code" }).click();
  }
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Value").fill("$1");
  await form.getByLabel("Description").fill("Again");
  await form.getByLabel("Expires at (UTC)").fill("2099-12-31T23:59");
  await form.getByRole("button", { name: "Add Code" }).click();
  await expect(form.getByRole("alert")).toContainText("Failed to save bonus code");
  await expect(form.getByRole("alert")).toContainText("This code already exists");
  if (js) {
    await form.getByRole("button", { name: "Cancel" }).click();
  } else {
    await form.getByRole("link", { name: "Cancel" }).click();
  }

  // Edit.
  if (js) {
    await card.getByRole("button", { name: "Edit" }).click();
  } else {
    await card.getByRole("link", { name: "Edit" }).click();
  }
  const editForm = js
    ? page.getByRole("dialog", { name: `Edit ${code}` })
    : page.getByRole("region", { name: `Edit ${code}` });
  await expect(editForm.getByLabel("Code")).toHaveValue(code);
  await editForm.getByLabel("Value").fill("$30 Bonus");
  await editForm.getByRole("button", { name: "Save Code" }).click();
  await expect(page.getByText("Bonus code updated successfully")).toBeVisible();
  await expect(card).toContainText("$30 Bonus");

  // A member sees it among the usable codes, before the expired ones.
  const member = await browser.newContext({ javaScriptEnabled: js });
  try {
    await signInAs(member, await createSignedInAccount({}));
    const memberPage = await member.newPage();
    await memberPage.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
    await memberPage.goto("/bonus-codes");
    const codes = memberPage.getByTestId("bonus-code");
    await expect(codes.filter({ hasText: code })).toContainText("$30 Bonus");
    await expect(codes.filter({ hasText: code })).toHaveAttribute("data-expired", "false");
    const texts = await codes.allTextContents();
    const ours = texts.findIndex((text) => text.includes(code));
    const firstExpired = texts.findIndex((text) => text.includes("GOATEDVIPS25"));
    expect(ours).toBeLessThan(firstExpired);
  } finally {
    await member.close();
  }

  // Delete, behind a confirm step.
  if (js) {
    await card.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${code}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete Code" }).click();
  } else {
    await card.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${code}?` });
    await expect(confirm).toContainText("This cannot be undone.");
    await confirm.getByRole("button", { name: "Delete Code" }).click();
  }
  await expect(page.getByText("Bonus code deleted successfully")).toBeVisible();
  await expect(page.getByRole("listitem", { name: code })).toHaveCount(0);
});

test("members see usable codes first, expired ones dimmed, and 'Copied!' for 2 s", async ({
  page,
  context,
}, info) => {
  const code = uniqueCode();
  const admin = await createSignedInAccount({ isAdmin: true });
  const created = await page.request.post("/api/admin/bonus-codes", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { code, description: "Copy me", value: "$5 Bonus", expiresAt: "2099-01-01T00:00:00Z" },
  });
  expect(created.status()).toBe(201);

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(context, await createSignedInAccount({}));
  await page.goto("/bonus-codes");
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "enable e-mail notifications" })).toHaveAttribute(
    "href",
    "/notification-preferences",
  );
  const expired = page.getByTestId("bonus-code").filter({ hasText: "GOATEDVIPS25" });
  await expect(expired).toContainText("Expired");
  // Dimmed: the code in the muted grey instead of the lime of a usable one.
  await expect(expired.getByText("GOATEDVIPS25", { exact: true })).toHaveCSS(
    "color",
    "rgb(138, 139, 145)",
  );
  await expectNoAxeViolations(page);

  const card = page.getByTestId("bonus-code").filter({ hasText: code });
  if (!jsEnabled(info.project.name)) {
    // Without JavaScript the code is text to select; there is no button.
    await expect(card.getByRole("button")).toHaveCount(0);
    return;
  }
  await expect(page.getByRole("button", { name: "Copy GOATEDVIPS25 (expired)" })).toBeDisabled();
  const button = card.getByRole("button");
  await button.click();
  await expect(button).toHaveAccessibleName(`Copied! ${code}`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(button).toHaveAccessibleName(`Copy ${code}`, { timeout: 3000 });
});

test("the phone's bell shows a dot for a code the member has not seen @mobile-only", async ({
  page,
  context,
}) => {
  // @mobile-only: the bell is the phone header's.
  await signInAs(context, await createSignedInAccount({}));
  await page.goto("/bonus-codes");
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Bonus codes", exact: true })).toBeVisible();
  await expect(header.getByTestId("bell-dot")).toHaveCount(0);

  const admin = await createSignedInAccount({ isAdmin: true });
  const created = await page.request.post("/api/admin/bonus-codes", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      code: uniqueCode(),
      description: "Dot",
      value: "$5",
      expiresAt: "2099-01-01T00:00:00Z",
    },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(header.getByTestId("bell-dot")).toBeVisible();
  await header.getByRole("link", { name: "Bonus codes (new code)" }).click();
  await expect(page).toHaveURL(/\/bonus-codes$/);
  await expect(header.getByTestId("bell-dot")).toHaveCount(0);
  await page.goto("/");
  await expect(header.getByTestId("bell-dot")).toHaveCount(0);
});
