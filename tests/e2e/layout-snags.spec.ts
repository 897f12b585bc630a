import { createSignedInAccount, signInAs } from "./accounts";
import { expect, onlyWithJavaScript, test, waitForHydration } from "./fixtures";
import { uniqueName } from "../factories";

// Issue 35's small snags, each where a player met it.
test.beforeEach(() => onlyWithJavaScript("the page as laid out (docs/decisions/0075)"));

test("at 390 px the profile card wraps a long e-mail address at its @ or a dot, never mid-word", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `${uniqueName("goat")}.averylongaddress@example-casino-mail.com`;
  await signInAs(context, await createSignedInAccount({ email }));
  await page.goto("/profile");
  const address = page.getByText(email);
  await expect(address).toBeVisible();
  // Where each line of the address starts: the characters whose box is lower than the one before.
  const lineStarts = await address.evaluate((element) => {
    const starts: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const { top } = range.getBoundingClientRect();
        if (lastTop !== null && top > lastTop + 1) starts.push(text.slice(i));
        lastTop = top;
      }
    }
    return starts;
  });
  expect(lineStarts.length).toBeGreaterThan(0);
  for (const start of lineStarts) expect(start).toMatch(/^[@.]/);
});

test("at 1280 and 1366 px an admin keeps the desktop menu a member has, the admin pages under the account menu", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const admin = await createSignedInAccount({ isAdmin: true });
  await signInAs(context, admin);
  for (const width of [1280, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByTestId("mobile-drawer")).toBeHidden();
  }
  await page.getByLabel(`Account menu for ${admin.username}`).click();
  const link = page
    .getByRole("list", { name: "Admin" })
    .getByRole("link", { name: "User Management" });
  // Only the href: the e2e server serves the admin pages on ADMIN_HOST alone.
  await expect(link).toHaveAttribute("href", "/admin/user-management");
});

test("a failed sign-in says so once, in the form, with no toast repeating it", async ({ page }) => {
  await page.goto("/auth?mode=login");
  await waitForHydration(page);
  await page.getByLabel("Username or e-mail").fill("nobody_at_all");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid username or password" }),
  ).toBeVisible();
  await expect(page.getByText("Invalid username or password")).toHaveCount(1);
  await expect(page.locator("[data-toast-type]")).toHaveCount(0);
});
