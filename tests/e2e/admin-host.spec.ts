import { E2E_ADMIN_HOST, E2E_ADMIN_URL, E2E_BASE_URL } from "../../playwright.config";
import { registeredAccount, settled, signInAtAdminLogin } from "./admin-sign-in";
import { expect, test } from "./fixtures";

// The admin host (ADMIN_HOST, issue 15): the e2e server runs with ADMIN_HOST=admin.localhost:PORT,
// which Chromium resolves to loopback beside the site's own localhost:PORT.

const ADMIN_LOGIN = `${E2E_ADMIN_URL}/admin/login`;
// Node does not resolve *.localhost as Chromium does: its requests name the admin host in Host.
const ON_ADMIN_HOST = { headers: { Host: E2E_ADMIN_HOST }, maxRedirects: 0 };

test("the admin host shows the admin login at / and sends everything else there", async ({
  page,
}) => {
  test.slow();
  await page.goto(`${E2E_ADMIN_URL}/`);
  await expect(page).toHaveURL(ADMIN_LOGIN);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

  for (const path of ["/leaderboard", "/wager-races", "/profile", "/api/user", "/administrator"]) {
    await page.goto(`${E2E_ADMIN_URL}${path}`);
    await expect(page, path).toHaveURL(ADMIN_LOGIN);
  }
  // The other admin pages keep their guard: signed out, to the login and back after it.
  await page.goto(`${E2E_ADMIN_URL}/admin/users`);
  await expect(page).toHaveURL(`${ADMIN_LOGIN}?redirectTo=%2Fadmin%2Fusers`);
  // The admin API answers as it does everywhere.
  const api = await page.request.get(`${E2E_BASE_URL}/api/admin/users`, ON_ADMIN_HOST);
  expect(api.status()).toBe(401);
  // The public API is sent to the admin login too.
  const publicApi = await page.request.get(`${E2E_BASE_URL}/api/affiliate/stats`, ON_ADMIN_HOST);
  expect(publicApi.status()).toBe(302);
  expect(publicApi.headers()["location"]).toBe("/admin/login");

  // The public host still serves the public site and the admin area under /admin.
  await page.goto(`${E2E_BASE_URL}/leaderboard`);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/leaderboard`);
  await page.goto(`${E2E_BASE_URL}/admin/login`);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
});

test("an admin signs in on the admin host, whose cookie stays on that host", async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const admin = await registeredAccount(request, { isAdmin: true });
  await page.goto(`${E2E_ADMIN_URL}/`);
  await signInAtAdminLogin(page, admin.username);
  await expect(page).toHaveURL(`${E2E_ADMIN_URL}/admin`);
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();
  await expect(page.getByText("Welcome to the admin dashboard")).toBeVisible();

  // The pages' scripts load on the admin host (their styles are inlined: docs/decisions/0030).
  // (Read from a document the admin host sends: after a client-side navigation the DOM need not
  // hold the preload links any more.)
  const login = await page.request.get(`${E2E_BASE_URL}/admin/login`, ON_ADMIN_HOST);
  // (Held until the first paint: the preload's URL is in data-href, docs/decisions/0040.)
  const script = /<link rel="modulepreload" data-href="([^"]+)"/.exec(await login.text())?.[1];
  expect(script).toMatch(/^\/build\//);
  expect((await page.request.get(`${E2E_BASE_URL}${script}`, ON_ADMIN_HOST)).status()).toBe(200);

  await settled(page);
  await page
    .getByRole("main")
    .getByRole("link", { name: /Analytics/ })
    .click();
  await expect(page).toHaveURL(`${E2E_ADMIN_URL}/admin/analytics`);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();

  // A public page's link leads back into the admin area (its data is refused): the admin login,
  // which sends a signed-in admin on to the panel.
  await settled(page);
  await page.getByRole("link", { name: "Admin Panel" }).first().click();
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();
  await settled(page);
  // The panel is also where "Back to Site" ends (through a new document, the admin host's own
  // redirect): wait for that document, not for the panel still showing.
  await page.evaluate(() => Object.assign(window, { beforeBackToSite: true }));
  await page.getByRole("link", { name: "Back to Site" }).click();
  await page.waitForFunction(() => !("beforeBackToSite" in window));
  await expect(page).toHaveURL(`${E2E_ADMIN_URL}/admin`);
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();

  // Host-only cookies: the session belongs to the admin host alone.
  const adminCookies = await context.cookies(E2E_ADMIN_URL);
  const session = adminCookies.find((cookie) => cookie.name === "gv_session");
  expect(session?.domain).toBe("admin.localhost");
  expect(
    (await context.cookies(E2E_BASE_URL)).filter((cookie) => cookie.name === "gv_session"),
  ).toEqual([]);
  // "Back to Site" may still be loading the panel's data: a new navigation would abort it.
  await settled(page);
  await page.goto(`${E2E_BASE_URL}/admin`);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
});

test("the admin host has the admin area's own frame: its sections and signing out, nothing of the public site's", async ({
  page,
  request,
}) => {
  test.slow();
  const publicFrame = async (count: number) => {
    await expect(page.getByRole("link", { name: "Play", exact: true })).toHaveCount(count);
    await expect(page.getByTestId("mobile-drawer")).toHaveCount(count);
    await expect(page.getByTestId("support-widget")).toHaveCount(count);
    await expect(page.locator("footer")).toHaveCount(count);
  };
  const admin = await registeredAccount(request, { isAdmin: true });
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto(`${E2E_ADMIN_URL}/`);
  await publicFrame(0);
  await signInAtAdminLogin(page, admin.username);
  await expect(page).toHaveURL(`${E2E_ADMIN_URL}/admin`);
  await publicFrame(0);

  // On a phone the sections are behind the admin menu (a <details>: no script needed).
  await settled(page);
  await page.getByLabel("Admin menu").click();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "User Management" })
    .click();
  await expect(page).toHaveURL(`${E2E_ADMIN_URL}/admin/user-management`);
  await publicFrame(0);

  await settled(page);
  await page.getByLabel(`Account menu for ${admin.username}`).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fuser-management$/);
  expect(
    (await page.context().cookies(E2E_ADMIN_URL)).filter(({ name }) => name === "gv_session"),
  ).toEqual([]);

  // The public host's admin pages keep the site's frame.
  await page.goto(`${E2E_BASE_URL}/admin/login`);
  await publicFrame(1);
});
