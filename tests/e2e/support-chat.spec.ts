import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { openDatabase } from "~db";
import { createSignedInAccount, E2E_DATABASE_PATH, signInAs } from "./accounts";
import type { TestAccount } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expect, jsEnabled, test, waitForHydration } from "./fixtures";

// The live support chat of issue 17: a player writes on /support (a plain form without
// JavaScript, over /ws/chat with it), staff answer on /admin/support, conversations close and
// reopen, and unread staff replies show on the VIP Support widget.

/** Writes through the JSON API as `account` (its session token as Bearer). */
async function apiSend(
  request: APIRequestContext,
  account: TestAccount,
  message: string,
  conversationId?: number,
): Promise<{ id: number; conversationId: number }> {
  const answer = await request.post("/api/chat/messages", {
    headers: { Authorization: `Bearer ${account.token}` },
    data: conversationId === undefined ? { message } : { message, conversationId },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { chatMessage: { id: number; conversationId: number } })
    .chatMessage;
}

async function signedInPage(context: BrowserContext, account: TestAccount): Promise<Page> {
  await signInAs(context, account);
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
  return page;
}

/** Opens `path` and, with JavaScript, waits until its /ws/chat socket has been greeted. */
async function openLive(page: Page, path: string) {
  // Listening before the page loads: the greeting may come before any later wait would start.
  const greeted = new Promise<void>((resolve) => {
    page.on("websocket", (ws) => {
      if (!ws.url().includes("/ws/chat")) return;
      ws.on("framereceived", (frame) => {
        if (String(frame.payload).includes("CONNECTED")) resolve();
      });
    });
  });
  await page.goto(path);
  await greeted;
  await waitForHydration(page);
}

const messages = (page: Page) => page.getByTestId("chat-message");

test("a player sends a message without JavaScript and sees it after the post @js-off-only", async ({
  page,
  context,
}) => {
  // @js-off-only: the no-JavaScript form.
  const player = await createSignedInAccount({});
  await signInAs(context, player);
  await page.goto("/support");
  // The spec's Telegram contact and links stay.
  await expect(page.getByRole("link", { name: "Contact on Telegram" }).first()).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Browse FAQ" })).toHaveAttribute(
    "href",
    "/faq",
  );
  await expect(
    page.getByRole("main").getByRole("link", { name: "Join Telegram Community" }),
  ).toHaveAttribute("href", "/telegram");
  await expect(page.getByRole("heading", { name: "Chat with VIP Support" })).toBeVisible();
  await expect(page.getByText("No messages yet. Ask us anything.")).toBeVisible();

  await page.getByLabel("Your message").fill("Where is my bonus?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(/\/support(#chat)?$/);
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toContainText("Where is my bonus?");
  await expect(messages(page).first()).toContainText(player.username);

  // Bad text is refused with its message, and nothing is stored.
  await page.getByLabel("Your message").fill("\u0007");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "control characters" })).toBeVisible();
  await page.goto("/support");
  await expect(messages(page)).toHaveCount(1);
});

test("with JavaScript a player and an admin see each other's messages live", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "two live browser contexts, desktop");
  test.slow();
  const player = await createSignedInAccount({});
  const admin = await createSignedInAccount({ isAdmin: true });
  const playerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const playerPage = await signedInPage(playerContext, player);
    const adminPage = await signedInPage(adminContext, admin);
    await openLive(adminPage, "/admin/support");
    await openLive(playerPage, "/support");
    // Marks the documents: a reload would lose them.
    for (const page of [playerPage, adminPage]) {
      await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
    }

    await playerPage.getByLabel("Your message").fill("Hello from the player");
    await playerPage.getByLabel("Your message").press("Enter");
    await expect(messages(playerPage)).toHaveCount(1);
    await expect(messages(playerPage).first()).toContainText("Hello from the player");
    await expect(playerPage.getByLabel("Your message")).toHaveValue("");

    // The new conversation appears in the admin's list without a reload.
    const entry = adminPage.getByTestId("conversation").filter({ hasText: player.username });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText("Hello from the player");
    await expect(entry.getByTestId("conversation-unread")).toHaveText(/1/);
    await entry.click();
    await expect(adminPage).toHaveURL(/\/admin\/support\?c=\d+$/);
    await adminPage.evaluate(() => Object.assign(window, { stillThisDocument: true }));
    await expect(messages(adminPage).first()).toContainText("Hello from the player");

    await adminPage.getByPlaceholder("Type your response...").fill("Hi! Staff here.");
    await adminPage.getByRole("button", { name: "Send" }).click();
    const reply = messages(playerPage).filter({ hasText: "Hi! Staff here." });
    await expect(reply).toBeVisible();
    await expect(reply).toHaveAttribute("data-staff-reply", "true");
    await expect(reply.getByText("Staff", { exact: true })).toBeVisible();
    await expect(messages(adminPage)).toHaveCount(2);

    await playerPage.getByLabel("Your message").fill("Thanks, that helps");
    await playerPage.getByRole("button", { name: "Send" }).click();
    await expect(messages(adminPage).filter({ hasText: "Thanks, that helps" })).toBeVisible();

    for (const page of [playerPage, adminPage]) {
      expect(await page.evaluate(() => "stillThisDocument" in window)).toBe(true);
    }
    // The player watched the reply arrive: nobody was notified of it.
    const db = openDatabase(E2E_DATABASE_PATH);
    try {
      const told = await db
        .selectFrom("notifications")
        .select("id")
        .where("user_id", "=", player.id)
        .where("kind", "=", "support_reply")
        .execute();
      expect(told).toEqual([]);
    } finally {
      await db.destroy();
    }
  } finally {
    await playerContext.close();
    await adminContext.close();
  }
});

test("staff close and reopen a conversation; a player writing reopens it", async ({
  page,
  context,
  request,
}) => {
  const player = await createSignedInAccount({});
  const admin = await createSignedInAccount({ isAdmin: true });
  const { conversationId } = await apiSend(request, player, "Please close me later");
  await signInAs(context, admin);
  await page.goto(`/admin/support?c=${conversationId}`);
  if (jsEnabled(test.info().project.name)) await waitForHydration(page);
  const heading = page.getByRole("heading", { name: player.username });
  await expect(heading).toBeVisible();
  const conversation = page.getByRole("main").locator("section").nth(1);
  await expect(conversation.getByText("Open", { exact: true })).toBeVisible();

  // Without JavaScript the toast comes with the redirected page. With it, the live list's
  // reload for other conversations' messages (other tests write meanwhile) can take the one-time
  // toast cookie first, so there the status is what is checked.
  const toasts = !jsEnabled(test.info().project.name);
  await page.getByRole("button", { name: "Close conversation" }).click();
  if (toasts) await expect(page.getByText("Conversation closed")).toBeVisible();
  await expect(conversation.getByText("Closed", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Reopen conversation" }).click();
  if (toasts) await expect(page.getByText("Conversation reopened")).toBeVisible();
  await expect(conversation.getByText("Open", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Close conversation" }).click();
  await expect(conversation.getByText("Closed", { exact: true })).toBeVisible();
  await apiSend(request, player, "One more question");
  await page.goto(`/admin/support?c=${conversationId}`);
  await expect(conversation.getByText("Open", { exact: true })).toBeVisible();
  await expect(messages(page).last()).toContainText("One more question");

  // Each change is in the audit log.
  await page.goto("/admin/audit");
  const rows = page
    .getByRole("row")
    .filter({ hasText: new RegExp(`conversation:${conversationId}(?!\\d)`) });
  await expect(rows.filter({ hasText: "Support conversation closed" })).toHaveCount(2);
  await expect(rows.filter({ hasText: "Support conversation reopened" })).toHaveCount(1);
});

test("unread staff replies show a count on the VIP Support widget until the player reads them", async ({
  page,
  context,
  request,
}) => {
  const player = await createSignedInAccount({});
  const admin = await createSignedInAccount({ isAdmin: true });
  const { conversationId } = await apiSend(request, player, "Is anyone there?");
  await apiSend(request, admin, "Yes, we are.", conversationId);
  await apiSend(request, admin, "How can we help?", conversationId);

  await signInAs(context, player);
  await page.goto("/");
  const widget = page.getByTestId("support-widget");
  await expect(widget.getByTestId("support-unread")).toHaveText("2");
  await expect(widget.locator("summary")).toHaveAttribute(
    "aria-label",
    "VIP Support, 2 unread replies",
  );
  await widget.locator("summary").click();
  const chatOption = widget.getByRole("link", { name: /Chat with us/ });
  await expect(chatOption).toHaveAttribute("href", "/support");
  await chatOption.click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(messages(page).filter({ hasText: "How can we help?" })).toHaveAttribute(
    "data-staff-reply",
    "true",
  );
  await expect(page.getByTestId("support-unread")).toBeHidden();
  await page.goto("/");
  await expect(page.getByTestId("support-unread")).toBeHidden();

  // The player was away: told once in the inbox (e-mail rides on the same notification).
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    const told = await db
      .selectFrom("notifications")
      .select(["title", "message"])
      .where("user_id", "=", player.id)
      .where("kind", "=", "support_reply")
      .execute();
    expect(told).toEqual([{ title: "VIP Support replied", message: "Yes, we are." }]);
  } finally {
    await db.destroy();
  }
});

test("signed out, 'Chat with us' leads to sign-in and back to /support", async ({ page }) => {
  await page.goto("/");
  const widget = page.getByTestId("support-widget");
  await widget.locator("summary").click();
  await expect(widget.getByRole("link", { name: "Chat with us" })).toHaveAttribute(
    "href",
    "/auth?mode=login&redirectTo=%2Fsupport",
  );
});

test("/support and /admin/support have no serious axe violation @js-on-only", async ({
  page,
  context,
}) => {
  // @js-on-only: axe runs inside the page.
  test.slow();
  const player = await createSignedInAccount({});
  const admin = await createSignedInAccount({ isAdmin: true });
  await signInAs(context, player);
  await page.goto("/support");
  await page.getByLabel("Your message").fill("An accessible question");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(messages(page)).toHaveCount(1);
  await expectNoAxeViolations(page);

  await context.clearCookies();
  await signInAs(context, admin);
  await page.goto("/admin/support");
  const entry = page.getByTestId("conversation").filter({ hasText: player.username });
  await entry.click();
  await expect(messages(page)).toHaveCount(1);
  await expectNoAxeViolations(page);
});
