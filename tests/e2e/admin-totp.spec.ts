import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { registeredAccount, settled, signInAtAdminLogin } from "./admin-sign-in";
import { expect, test } from "./fixtures";

// Two-step sign-in for admins (docs/product.md §A10), with and without JavaScript: enrol at
// /admin/security, sign out, sign in with a code from the app, then with a recovery code. The
// codes come from the library, as an authenticator app makes them, from the page's own key.

test.describe.configure({ timeout: 120_000 });

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
function codeFor(secret: string, offsetSeconds = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

async function passwordStep(page: Page, username: string) {
  await page.goto("/admin/login");
  await signInAtAdminLogin(page, username);
}

async function codeStep(page: Page, code: string) {
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await settled(page);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

async function signOut(page: Page, username: string) {
  await page.goto("/");
  await page.getByLabel(`Account menu for ${username}`).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
}

test("an admin turns on two-step sign-in, then signs in with a code and with a recovery code", async ({
  page,
  request,
}) => {
  const { username } = await registeredAccount(request, { isAdmin: true });
  await passwordStep(page, username);
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();

  // Enrol: the panel links to the page; a new key as a QR code and as text; a first code.
  await page.getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await settled(page);
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = ((await page.locator("#two-step-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await settled(page);
  await page.getByLabel("Code from your app").fill("000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Invalid code")).toBeVisible();
  await settled(page);
  await page.getByLabel("Code from your app").fill(codeFor(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.nth(0).textContent()) ?? "";
  expect(recoveryCode).toMatch(/^([a-z2-7]{4}-){3}[a-z2-7]{4}$/);
  await expect(page.getByText(/Two-step sign-in is on since/)).toBeVisible();

  // The password alone no longer signs in: a code from the app (the next step's: the first one
  // was spent confirming) does.
  await signOut(page, username);
  await passwordStep(page, username);
  await expect(page).toHaveURL(/\/admin\/login\?step=code/);
  await codeStep(page, "111111");
  await expect(page.getByText("Invalid code").first()).toBeVisible();
  await codeStep(page, codeFor(secret, 30));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Welcome to the admin dashboard")).toBeVisible();

  // A recovery code in place of the code, once.
  await signOut(page, username);
  await passwordStep(page, username);
  await codeStep(page, recoveryCode);
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();
  await page.goto("/admin/security");
  await expect(page.getByText("9 of 10 recovery codes left.")).toBeVisible();

  await signOut(page, username);
  await passwordStep(page, username);
  await codeStep(page, recoveryCode);
  await expect(page.getByText("Invalid code").first()).toBeVisible();
});
