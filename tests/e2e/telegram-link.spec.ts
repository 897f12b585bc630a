import { rmSync } from "node:fs";
import { openDatabase } from "~db";
import { insertSession, insertUser, uniqueName } from "../factories";
import {
  FAKE_BOT_TOKEN,
  FAKE_BOT_USERNAME,
  makeTestCertificate,
  startFakeChannels,
} from "../fake-channels/server";
import { TELEGRAM_LINK_UNAVAILABLE } from "~/domain/telegram-link";
import { settled } from "./admin-sign-in";
import { expect, test } from "./fixtures";
import { healthy, ownPort, startOwnServer } from "./own-server";

// A verified Telegram account (issue 33 item 5, docs/decisions/0084), on a server of its own whose
// bot talks to the fake Telegram (HTTPS on loopback, trusted through NODE_EXTRA_CA_CERTS): 'Link
// Telegram' sends the member to t.me with a one-time code (the test stands in for t.me and reads
// the address), the fake delivers `/start <code>` from a Telegram user, and the profile shows the
// verified @username; a typed name stays unverified.
const PORTS: Record<string, number> = {
  "js-off": ownPort("telegram-link-js-off"),
  "js-on": ownPort("telegram-link-js-on"),
};
const TELEGRAM_USER = { id: 7_700_000_123, username: "proven_goat" };

test("a member links their Telegram account through the bot, and the profile shows it verified", async ({
  page,
  context,
}, info) => {
  const port = PORTS[info.project.name];
  test.skip(!port, "js-off and js-on cover it");
  if (!port) return;
  test.setTimeout(240_000);
  const folder = `tests/.tmp/telegram-link-${info.project.name}`;
  rmSync(folder, { recursive: true, force: true });
  const databasePath = `${folder}/goatedvips.sqlite`;
  const certificate = makeTestCertificate();
  const fake = await startFakeChannels(certificate);
  const server = startOwnServer(port, {
    DATABASE_PATH: databasePath,
    SESSION_SECRET: "telegram-link-secret-long-enough-to-sign",
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    DISCORD_API_BASE_URL: fake.url,
    TELEGRAM_API_BASE_URL: fake.url,
    BACKUP_INTERVAL_HOURS: "0",
  });
  const { origin } = server;
  const cookieOf = (token: string) => Buffer.from(JSON.stringify(token)).toString("base64");
  try {
    await healthy(server, 120_000);
    const db = openDatabase(databasePath);
    let adminToken: string;
    let memberId: number;
    try {
      const admin = await insertUser(db, { username: uniqueName("tg_admin"), is_admin: 1 });
      adminToken = (await insertSession(db, admin, { user_agent: "Playwright" })).token;
      memberId = await insertUser(db, {
        username: uniqueName("tg_member"),
        telegram_username: "typed_goat",
      });
      const { token } = await insertSession(db, memberId, { user_agent: "Playwright" });
      await context.addCookies([{ name: "gv_session", value: cookieOf(token), url: origin }]);
    } finally {
      await db.destroy();
    }
    const telegramRow = page.getByTestId("telegram-account");
    const linkButton = page.getByRole("button", { name: "Link Telegram" });

    // No bot yet: the typed name is unverified, and the page says why it cannot be linked.
    await page.goto(`${origin}/profile`);
    await expect(telegramRow).toContainText("@typed_goat");
    await expect(telegramRow).toContainText("Unverified");
    await expect(telegramRow).toContainText(TELEGRAM_LINK_UNAVAILABLE.noBot);
    await expect(linkButton).toHaveCount(0);

    // An admin sets up the bot; its job learns the bot's username (getMe).
    const saved = await fetch(`${origin}/api/admin/community-channels`, {
      method: "PUT",
      headers: {
        "Content-Type": "application/json",
        Origin: origin,
        Cookie: `gv_session=${cookieOf(adminToken)}`,
      },
      body: JSON.stringify({
        telegram: { botToken: FAKE_BOT_TOKEN, chatId: "-1001234567890", events: [] },
      }),
    });
    expect(saved.status).toBe(200);
    await expect(async () => {
      await page.goto(`${origin}/profile`);
      await expect(linkButton).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    // t.me cannot be opened here: the test reads the address the browser is sent to (the
    // action's redirect without JavaScript, the router's with it) and answers for t.me.
    await page.route("https://t.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Telegram</title><p>Telegram</p>" }),
    );
    await settled(page);
    const toTelegram = page.waitForRequest((request) => request.url().startsWith("https://t.me/"));
    await linkButton.click();
    const target = new URL((await toTelegram).url());
    // The browser has left the site before the test comes back to it.
    await page.waitForURL((url) => url.origin !== origin);
    expect(`${target.origin}${target.pathname}`).toBe(`https://t.me/${FAKE_BOT_USERNAME}`);
    const code = target.searchParams.get("start");
    expect(code).toMatch(/^[A-Za-z0-9_-]{20,64}$/);

    // The member taps Start: Telegram hands the bot `/start <code>` from their account.
    fake.queueUpdate({
      message_id: 1,
      chat: { id: TELEGRAM_USER.id, type: "private" },
      from: TELEGRAM_USER,
      text: `/start ${code}`,
    });
    await expect
      .poll(
        () =>
          fake.calls.find((c) => c.method === "sendMessage" && c.body.chat_id === TELEGRAM_USER.id)
            ?.body.text,
        { timeout: 30_000 },
      )
      .toContain("@proven_goat is now linked");

    await page.goto(`${origin}/profile`);
    await expect(telegramRow).toContainText("@proven_goat");
    await expect(telegramRow).toContainText("Verified");
    await expect(telegramRow).not.toContainText("Unverified");
    // Other members see the name typed on the profile, labelled: it is not the account proved.
    await page.goto(`${origin}/user/${memberId}`);
    await expect(page.getByTestId("member-telegram")).toHaveText("@typed_goat Unverified");

    // Unlinking leaves the typed name, unverified, and offers the link again.
    await page.goto(`${origin}/profile`);
    await settled(page);
    await page.getByRole("button", { name: "Unlink Telegram" }).click();
    await expect(page.getByText("Your Telegram account is unlinked")).toBeVisible();
    await expect(telegramRow).toContainText("@typed_goat");
    await expect(telegramRow).toContainText("Unverified");
    await expect(linkButton).toBeVisible();
  } finally {
    await server.stop();
    await fake.close();
    certificate.remove();
  }
});
