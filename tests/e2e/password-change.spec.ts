import { randomBytes } from "node:crypto";
import { E2E_BASE_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";

const PASSWORD = "goat-secret-1";
const NEW_PASSWORD = "a-brand-new-goat";
// Password hashing is deliberately slow; on a busy test machine a check can take a few seconds.
const HASHING = { timeout: 20_000 };
test.describe.configure({ timeout: 90_000 });

/** Signs in through the JSON API, as another device would: its session token. */
async function signInElsewhere(username: string, password: string) {
  const response = await fetch(`${E2E_BASE_URL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { token?: string };
  return { status: response.status, token: body.token ?? "" };
}

async function isSignedIn(token: string) {
  const response = await fetch(`${E2E_BASE_URL}/api/user`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status === 200;
}

test("change the password on the profile; every other session ends", async ({ page }) => {
  const username = `goat_${randomBytes(4).toString("hex")}`;
  // Registered through the API from the page's context: the browser keeps the session cookie.
  const registered = await page.request.post("/api/auth/register", {
    data: {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(registered.status()).toBe(201);
  const elsewhere = await signInElsewhere(username, PASSWORD);
  expect(await isSignedIn(elsewhere.token)).toBe(true);

  await page.goto("/profile?tab=sessions");
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: "Change Password" }),
  });
  const submit = async (current: string, next: string) => {
    await section.getByLabel("Current password", { exact: true }).fill(current);
    await section.getByLabel("New password", { exact: true }).fill(next);
    await section.getByLabel("Confirm new password", { exact: true }).fill(next);
    await section.getByRole("button", { name: "Change Password" }).click();
  };

  await submit("not-my-password", NEW_PASSWORD);
  await expect(section.getByText("Current password is incorrect")).toBeVisible(HASHING);

  await submit(PASSWORD, "password123");
  await expect(section.getByText(/This password is too common or easy to guess/)).toBeVisible(
    HASHING,
  );
  expect(await isSignedIn(elsewhere.token)).toBe(true);

  await submit(PASSWORD, NEW_PASSWORD);
  await expect(page.getByRole("status")).toContainText("Your password has been changed", HASHING);
  await expect(page).toHaveURL(/\/profile\?tab=sessions$/);
  // This browser stays signed in; the other session has ended.
  await expect(page.getByText("No active sessions found.")).toBeVisible();
  await expect(page.getByLabel(`Account menu for ${username}`)).toBeVisible();
  expect(await isSignedIn(elsewhere.token)).toBe(false);
  expect((await signInElsewhere(username, PASSWORD)).status).toBe(401);
  expect((await signInElsewhere(username, NEW_PASSWORD)).status).toBe(200);
});
