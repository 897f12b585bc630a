import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

const PASSWORD = "goat-secret-1";
// Password hashing is deliberately costly (argon2id, scrypt for older accounts); a sign-in or
// registration on a busy test machine can take a few seconds.
const SIGN_IN_TIMEOUT = { timeout: 20_000 };
// Each flow hashes several passwords.
test.describe.configure({ timeout: 90_000 });
const uniqueName = () => `goat_${randomBytes(4).toString("hex")}`;

async function register(page: Page, username: string) {
  await page.goto("/auth?mode=register");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("E-mail").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible(SIGN_IN_TIMEOUT);
}

/**
 * An account made through the JSON API, for the tests that are not about the sign-up form (the
 * first test proves it): from `page.request` the browser keeps the session cookie, from the
 * `request` fixture it stays signed out.
 */
async function registerThroughApi(request: APIRequestContext, username: string) {
  const answer = await request.post("/api/auth/register", {
    data: {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(answer.status()).toBe(201);
}

async function signOut(page: Page, username: string) {
  await page.getByLabel(`Account menu for ${username}`).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

test("register, land on the profile, sign out and sign in again", async ({ page }) => {
  const username = uniqueName();
  await register(page, username);
  await expect(page.getByRole("status")).toContainText("Account created successfully!");
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(page.getByText(`${username}@example.com`)).toBeVisible();

  await signOut(page, username);
  // A guarded page sends a visitor home with a word, and Sign in comes back to it (the dialog
  // with JavaScript, the /auth page without).
  await page.goto("/vip-transfer?wager=1000");
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fvip-transfer%3Fwager%3D1000$/);
  await expect(page.getByRole("status")).toContainText("Please sign in to continue");
  await page.getByRole("link", { name: "Sign in" }).click();

  // Signing in with the e-mail in the username field, upper-cased: both are accepted.
  await page.getByLabel("Username or e-mail").fill(`  ${username.toUpperCase()}@EXAMPLE.COM `);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/vip-transfer\?wager=1000$/, SIGN_IN_TIMEOUT);
  await expect(page.getByLabel(`Account menu for ${username}`)).toBeVisible();
});

test("every registration rule of spec §5 has its message", async ({ page }) => {
  await page.goto("/auth?mode=register");
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("1234567");
  await page.getByRole("button", { name: "Create Account" }).click();
  const form = page.locator("form#auth-register");
  await expect(form).toContainText("Username must be at least 3 characters");
  await expect(form).toContainText("Please enter a valid email address");
  await expect(form).toContainText("Password must be at least 8 characters");
  await expect(form).toContainText("Please confirm your password");

  await page.getByLabel("Password", { exact: true }).fill("12345678");
  await page.getByLabel("Confirm password").fill("87654321");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(form).toContainText("Passwords do not match");
  // Nothing the user typed into a password field comes back from the server.
  if (!jsEnabled(test.info().project.name)) {
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  }
});

test("a taken username is refused on its field", async ({ page, request }) => {
  const username = uniqueName();
  await registerThroughApi(request, username);
  await page.goto("/auth?mode=register");
  await page.getByLabel("Username").fill(username.toUpperCase());
  await page.getByLabel("E-mail").fill(`other_${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.locator("form#auth-register")).toContainText(
    "This username is already taken",
    SIGN_IN_TIMEOUT,
  );
});

test("a wrong password is refused without saying whether the account exists", async ({
  page,
  request,
}) => {
  const username = uniqueName();
  await registerThroughApi(request, username);
  for (const login of [username, uniqueName()]) {
    await page.goto("/auth?mode=login");
    await page.getByLabel("Username or e-mail").fill(login);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Login Failed", SIGN_IN_TIMEOUT);
    await expect(alert).toContainText("Invalid username or password");
  }
});

test("edit the profile and see it", async ({ page }) => {
  const username = uniqueName();
  await registerThroughApi(page.request, username);
  await page.goto("/profile");
  await page.getByRole("link", { name: "Edit" }).first().click();
  await page.getByLabel("Telegram username").fill("@x");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Telegram username must be 5 to 32 letters")).toBeVisible();

  const renamed = `${username}_x`;
  await page.getByLabel("Username", { exact: true }).fill(renamed);
  await page.getByLabel("Telegram username").fill("@goat_fan");
  await page.getByLabel("About me", { exact: true }).fill("Slots by night.\n  Sports by day.");
  await page.locator("label").filter({ hasText: "#00A3FF" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Your profile has been updated");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator("main").getByText(renamed, { exact: true })).toBeVisible();
  await expect(page.getByText("@goat_fan")).toBeVisible();
  await expect(page.getByText("Slots by night.")).toHaveText("Slots by night.\n  Sports by day.");
});

test("the profile's first scripts carry no zod; its edit form loads its checks when shown @js-on-only", async ({
  page,
}) => {
  // @js-on-only: about the page's scripts.
  const username = uniqueName();
  await registerThroughApi(page.request, username);
  const scripts: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/build/")) scripts.push(request.url());
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/profile");
  await waitForHydration(page);
  // zod's schema classes carry their names as strings, whatever the minifier renames
  // (docs/decisions/0086: the schemas load with the form, not with the page).
  const withZod = [];
  for (const url of scripts) {
    if ((await (await page.request.get(url)).text()).includes('"$ZodType"')) withZod.push(url);
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(withZod).toEqual([]);

  await page.getByRole("link", { name: "Edit" }).first().click();
  const name = page.getByLabel("Username", { exact: true });
  // The checks arrive after the form shows; until then leaving a field checks nothing.
  await expect(async () => {
    await name.fill("ab");
    await name.blur();
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  // Checked in the browser: nothing was sent.
  expect(posts).toEqual([]);
});

test("notification preferences are saved and still there after a reload", async ({ page }) => {
  await registerThroughApi(page.request, uniqueName());
  await page.goto("/notification-preferences");
  const promos = page.getByLabel("Promotional offers");
  const races = page.getByLabel("Wager race updates");
  await expect(promos).not.toBeChecked();
  await promos.check();
  await races.uncheck();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByRole("status")).toContainText("Preferences Updated");
  await page.reload();
  await expect(promos).toBeChecked();
  await expect(races).not.toBeChecked();
});

test("ending another session signs that browser out", async ({ page, browser }) => {
  const username = uniqueName();
  await registerThroughApi(page.request, username);
  const other = await browser.newContext({
    javaScriptEnabled: jsEnabled(test.info().project.name),
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  await other.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
  const second = await other.newPage();
  await second.goto("/auth?mode=login&redirectTo=/profile");
  await second.getByLabel("Username or e-mail").fill(username);
  await second.getByLabel("Password").fill(PASSWORD);
  await second.getByRole("button", { name: "Sign In" }).click();
  await expect(second.getByRole("heading", { name: "My Profile" })).toBeVisible(SIGN_IN_TIMEOUT);

  // With JavaScript, the second browser's socket is closed when its session ends.
  const socketClosed = jsEnabled(test.info().project.name)
    ? second.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const socket = new WebSocket(`ws://${location.host}/ws/leaderboard`);
            socket.onclose = (event) => resolve(event.code);
          }),
      )
    : null;

  await page.goto("/profile?tab=sessions");
  await expect(page.getByRole("heading", { name: "Active Sessions" })).toBeVisible();
  await expect(page.getByText("Current", { exact: true })).toBeVisible();
  const iphone = page.getByRole("listitem").filter({ hasText: "iPhone · Safari" });
  await expect(iphone).toContainText("Last active");
  await iphone.getByRole("button", { name: /Terminate/ }).click();
  await expect(page.getByRole("status")).toContainText("Session terminated successfully");
  await expect(page.getByText("No active sessions found.")).toBeVisible();

  if (socketClosed) expect(await socketClosed).toBe(4401);
  await second.goto("/profile");
  await expect(second).toHaveURL(/\/\?redirectTo=%2Fprofile$/);
  await expect(second.getByRole("link", { name: "Sign in" })).toBeVisible();
  await other.close();
});

// Each guarded page's redirect, target and toast: tests/unit/routes/guarded-pages.test.ts. Here
// the visitor's side, for a page with a query to come back to and the page with its own message.
test("guarded pages send a visitor home, saying why, with the page to come back to", async ({
  page,
}) => {
  for (const path of ["/profile?tab=sessions", "/bonus-codes"]) {
    await page.goto(path);
    const url = new URL(page.url());
    expect(url.pathname, path).toBe("/");
    expect(url.searchParams.get("redirectTo"), path).toBe(path);
    await expect(page.getByRole("status"), path).toContainText(
      path === "/bonus-codes"
        ? "Please sign in to access bonus codes"
        : "Please sign in to continue",
    );
    await expect(page.getByRole("link", { name: "Sign in" }), path).toHaveAttribute(
      "href",
      `/auth?${new URLSearchParams({ mode: "login", redirectTo: path }).toString()}`,
    );
  }
});

test("with JavaScript, Sign in opens a dialog over the page and comes back to it @js-on-only", async ({
  page,
  request,
}) => {
  // @js-on-only: the dialog is a JavaScript enhancement.
  const username = uniqueName();
  await registerThroughApi(request, username);
  await page.goto("/?from=dialog");
  await page.getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Create one" }).click();
  await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Sign in" }).click();
  await dialog.getByLabel("Username or e-mail").fill(username);
  await dialog.getByLabel("Password").fill("wrong-password");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "Invalid username or password",
    SIGN_IN_TIMEOUT,
  );
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden(SIGN_IN_TIMEOUT);
  await expect(page).toHaveURL(/\/\?from=dialog$/);
  await expect(page.getByRole("status")).toContainText("Welcome back!");
  await expect(page.getByLabel(`Account menu for ${username}`)).toBeVisible();
});
