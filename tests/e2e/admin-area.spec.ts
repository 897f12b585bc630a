import { randomBytes } from "node:crypto";
import { canonicalUsername } from "~/domain/usernames";
import { openDatabase } from "~db";
import { createSignedInAccount, E2E_DATABASE_PATH, signInAs } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { registeredAccount, settled, signInAtAdminLogin } from "./admin-sign-in";
import { expect, test } from "./fixtures";

// The admin area of issue 15: the admin login, the guard, the panel, user management and the
// audit log, with and without JavaScript.

test("an admin signs in at /admin/login and reaches the panel", async ({ page, request }) => {
  test.slow();
  const admin = await registeredAccount(request, { isAdmin: true });
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Site" })).toBeVisible();
  // (admin-axe.spec.ts scans this page, as it stands here, for violations of every impact.)

  // Both fields are required, judged trimmed.
  await settled(page);
  await page.getByLabel("Email or Username").fill("   ");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Email or Username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await signInAtAdminLogin(page, admin.username);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Welcome to the admin dashboard")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Site" })).toBeVisible();
  for (const card of [
    "User Management",
    "Wager Races",
    "API Tokens",
    "Notifications",
    "Analytics",
    "Bonus Codes",
    "Support",
  ]) {
    await expect(
      page.getByRole("main").getByRole("link", { name: new RegExp(card) }),
    ).toBeVisible();
  }
  // (admin-axe.spec.ts scans the panel for violations of every impact.)
});

test("a signed-out visitor of an admin page goes to the admin login, and back after it", async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await registeredAccount(request, { isAdmin: true });
  await page.goto("/admin/users?q=adm_");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fusers%3Fq%3Dadm_$/);
  await signInAtAdminLogin(page, `${admin.username}@example.com`);
  await expect(page).toHaveURL(/\/admin\/users\?q=adm_$/);
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
});

test("a non-admin sees 'Admin Access Required', and signing in at /admin/login gives no admin session", async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const member = await registeredAccount(request);
  await page.goto("/admin/login");
  await signInAtAdminLogin(page, member.username);
  await expect(page.getByText("Admin Access Required").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);

  await signInAs(context, await createSignedInAccount({}));
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByText("You need admin privileges to view this page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("user search (username or e-mail, any case) pages 25 at a time", async ({ page, context }) => {
  test.slow();
  const prefix = `pg${randomBytes(3).toString("hex")}`;
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    await db
      .insertInto("users")
      .values(
        Array.from({ length: 27 }, (_, i) => {
          const username = `${prefix}_${String(i).padStart(2, "0")}`;
          return {
            username,
            username_canonical: canonicalUsername(username),
            email: `${username}@Example.com`,
            password_hash: "not-a-password",
            created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
          };
        }),
      )
      .execute();
  } finally {
    await db.destroy();
  }
  await signInAs(context, await createSignedInAccount({ isAdmin: true }));
  await page.goto("/admin/user-management");
  await settled(page);
  // Typed while the page was still hydrating, the search can be lost: type it again then.
  await expect(async () => {
    await page.getByLabel("Search by username or email").fill(prefix.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${prefix.toUpperCase()}`), { timeout: 2000 });
  }).toPass();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: prefix });
  await expect(rows).toHaveCount(25);
  await expect(page.getByRole("columnheader")).toHaveText([
    "Username",
    "Email",
    "Role",
    "Created At",
    "Last Login",
    "Actions",
  ]);
  await expect(rows.first()).toContainText("Never");
  await expect(rows.first()).toContainText("User");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rows).toHaveCount(2);

  await page.goto(`/admin/users?q=${prefix}_07@EXAMPLE`);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${prefix}_07`);
});

test("disabling a user ends their open session; the audit log records it", async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const member = await createSignedInAccount({});
  const memberContext = await browser.newContext();
  await signInAs(memberContext, member);
  const memberPage = await memberContext.newPage();
  await memberPage.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
  const before = await memberPage.goto("/profile");
  expect(before?.url()).toMatch(/\/profile$/);

  await signInAs(context, await createSignedInAccount({ isAdmin: true }));
  await page.goto(`/admin/users?q=${member.username}`);
  await page.getByRole("button", { name: `Disable: ${member.username}` }).click();
  await expect(page.getByText("Account disabled; its sessions have ended")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: member.username })).toContainText(
    "Disabled",
  );

  // The member's open session is gone: the members' page sends them home.
  await memberPage.goto("/profile");
  await expect(memberPage).toHaveURL(/\/\?redirectTo=%2Fprofile$/);
  await memberContext.close();

  await page.goto("/admin/audit?kind=user.disabled");
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: member.username }).first()).toContainText(
    "User disabled",
  );

  await page.goto(`/admin/users/${member.id}`);
  await expect(page.getByRole("heading", { name: member.username })).toBeVisible();
  await expect(page.getByText("No active sessions.")).toBeVisible();
  await expectNoAxeViolations(page);
});
