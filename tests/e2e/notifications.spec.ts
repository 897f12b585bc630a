import type { Browser, BrowserContext, Page } from "@playwright/test";
import { openDatabase } from "~db";
import { uniqueName } from "../factories";
import { createSignedInAccount, E2E_DATABASE_PATH, signInAs } from "./accounts";
import type { TestAccount } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

// Issue 16, in-app notifications: an admin sends one from /admin/notifications, a member finds it
// in /notifications (and, with JavaScript, sees it arrive live with the unread count), with and
// without JavaScript.

/** A member who asked for promotional offers: the default audience of an admin notification. */
async function memberWithOffers(): Promise<TestAccount> {
  const member = await createSignedInAccount({});
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    await db
      .insertInto("notification_preferences")
      .values({
        user_id: member.id,
        wager_race_updates: 1,
        vip_status_changes: 1,
        promotional_offers: 1,
        monthly_statements: 0,
        updated_at: new Date().toISOString(),
      })
      .execute();
  } finally {
    await db.destroy();
  }
  return member;
}

/** A second browser, like the first project's, signed in as `account`. */
async function browserOf(browser: Browser, account: TestAccount, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled,
    viewport: test.info().project.use.viewport ?? undefined,
  });
  await context.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
  await signInAs(context, account);
  return context;
}

/** The account menu's button: its name carries the unread count. */
const accountMenu = (page: Page) => page.locator('summary[aria-label^="Account menu for"]');

async function ready(page: Page) {
  if (jsEnabled(test.info().project.name)) await waitForHydration(page);
}

/** The admin previews, then sends, a notification from /admin/notifications. */
async function sendFromAdminPage(page: Page, title: string, message: string) {
  await page.goto("/admin/notifications");
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await ready(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: /Preview/ });
  await expect(preview.getByText(title)).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await ready(page);
  await page.getByRole("button", { name: "Send Notification" }).click();
  await expect(page.getByText("Notification sent successfully")).toBeVisible();
  // The form clears; the history lists what was sent.
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expect(
    page
      .getByRole("region", { name: "Sent notifications" })
      .getByRole("row", { name: new RegExp(title) }),
  ).toBeVisible();
}

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

test("an admin sends a notification; the member reads it in /notifications", async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const js = jsEnabled(test.info().project.name);
  const admin = await createSignedInAccount({ isAdmin: true });
  const member = await memberWithOffers();
  await signInAs(context, admin);
  const title = uniqueName("Announcement");

  // The member has the site open in another browser.
  const memberContext = await browserOf(browser, member, js);
  contexts.push(memberContext);
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/notifications");
  await expect(memberPage.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await ready(memberPage);
  await memberPage
    .evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    })
    .catch(() => {}); // without JavaScript there is nothing to mark

  await sendFromAdminPage(page, title, "Double points all weekend.");

  if (js) {
    // Live: the list and the unread count change without a reload.
    await expect(memberPage.getByRole("button", { name: title })).toBeVisible();
    await expect(accountMenu(memberPage)).toHaveAttribute("aria-label", /unread notification/);
    expect(
      await memberPage.evaluate(
        () => (window as unknown as { stillThisPage?: boolean }).stillThisPage,
      ),
    ).toBe(true);
  } else {
    await memberPage.reload();
  }
  const item = memberPage.getByRole("listitem").filter({ hasText: title });
  await expect(item.getByText("Unread")).toBeVisible();
  await expect(accountMenu(memberPage)).toHaveAttribute("aria-label", /unread notification/);

  // Opening it marks it read.
  await ready(memberPage);
  await memberPage.getByRole("button", { name: title }).click();
  await expect(memberPage).toHaveURL(/\/notifications\/\d+$/);
  await expect(memberPage.getByRole("heading", { name: title })).toBeVisible();
  const opened = memberPage.getByRole("main");
  await expect(opened.getByText("Double points all weekend.")).toBeVisible();
  await expect(opened.getByText("Read", { exact: true })).toBeVisible();
  await memberPage.getByRole("link", { name: "Back to notifications" }).click();
  await expect(
    memberPage.getByRole("listitem").filter({ hasText: title }).getByText("Read", { exact: true }),
  ).toBeVisible();

  // 'Mark all as read' (a POST form). Other tests' broadcasts may reach this member at any
  // moment, so only what this test sent is checked.
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    await db
      .updateTable("notifications")
      .set({ read_at: null })
      .where("user_id", "=", member.id)
      .execute();
  } finally {
    await db.destroy();
  }
  await memberPage.reload();
  await expect(
    memberPage.getByRole("listitem").filter({ hasText: title }).getByText("Unread"),
  ).toBeVisible();
  await ready(memberPage);
  await memberPage.getByRole("button", { name: "Mark all as read" }).click();
  await expect(memberPage.getByText("All notifications marked as read")).toBeVisible();
  await expect(
    memberPage.getByRole("listitem").filter({ hasText: title }).getByText("Read", { exact: true }),
  ).toBeVisible();
});

test("/notifications and /admin/notifications pass axe, and a visitor is sent home", async ({
  page,
  context,
}) => {
  test.slow();
  await page.goto("/notifications");
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fnotifications$/);
  const admin = await createSignedInAccount({ isAdmin: true });
  await signInAs(context, admin);
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/notifications");
  await expect(page.getByRole("button", { name: "Send Notification" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A failed send keeps the form and says so.
  await ready(page);
  await page.getByLabel("Message").fill("No title");
  await page.getByRole("button", { name: "Send Notification" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
});
