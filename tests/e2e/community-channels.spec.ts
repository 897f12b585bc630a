import { rmSync } from "node:fs";
import { FAKE_BOT_TOKEN, makeTestCertificate, startFakeChannels } from "../fake-channels/server";
import { settled, signInAtAdminLogin, PASSWORD } from "./admin-sign-in";
import { expect, test } from "./fixtures";
import { healthy, ownPort, startOwnServer } from "./own-server";

// The admin's community channels (issue 33 item 4, docs/decisions/0078): saving a Discord webhook
// and a Telegram bot with native forms, a refused URL, the secrets never in the page, 'Send test
// message', and a new bonus code posted by the channel job. The fake Discord and Telegram are one
// HTTPS server on loopback whose certificate, made here, the site's own server trusts through
// NODE_EXTRA_CA_CERTS.
const PORTS: Record<string, number> = {
  "js-off": ownPort("channels-js-off"),
  "js-on": ownPort("channels-js-on"),
};
const OPERATOR = "channel_operator";
const WEBHOOK_TOKEN = "e2eWebhookTokenThatStaysSecret_wxyz";
const WEBHOOK_URL = `https://discord.com/api/webhooks/987654321098/${WEBHOOK_TOKEN}`;

test("an admin sets up Discord and Telegram, sends test messages, and a new bonus code is posted", async ({
  page,
}, info) => {
  const port = PORTS[info.project.name];
  test.skip(!port, "js-off and js-on cover it");
  if (!port) return;
  test.setTimeout(120_000);
  const folder = `tests/.tmp/channels-${info.project.name}`;
  rmSync(folder, { recursive: true, force: true });
  const certificate = makeTestCertificate();
  const fake = await startFakeChannels(certificate);
  const server = startOwnServer(port, {
    DATABASE_PATH: `${folder}/goatedvips.sqlite`,
    SESSION_SECRET: "channels-secret-that-is-long-enough-to-sign",
    ADMIN_USERNAME: OPERATOR,
    ADMIN_PASSWORD: PASSWORD,
    NODE_EXTRA_CA_CERTS: certificate.certPath,
    DISCORD_API_BASE_URL: fake.url,
    TELEGRAM_API_BASE_URL: fake.url,
    BACKUP_INTERVAL_HOURS: "0",
  });
  const origin = server.origin;
  try {
    await healthy(server);
    await page.goto(`${origin}/admin/login`);
    await signInAtAdminLogin(page, OPERATOR);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("link", { name: "Community Channels" }).click();
    await expect(page.getByRole("heading", { name: "Community Channels" })).toBeVisible();
    await settled(page);

    const discord = page.getByRole("region", { name: "Discord" });
    // A URL that is not a Discord webhook is refused, and nothing is saved.
    await discord.getByLabel("Webhook URL").fill("https://example.com/api/webhooks/1/2");
    await discord.getByRole("button", { name: "Save Discord" }).click();
    await expect(discord.getByText("Discord webhook URL must look like")).toBeVisible();
    await expect(page.getByTestId("discord-state")).toHaveText("Not set up");

    await discord.getByLabel("Webhook URL").fill(WEBHOOK_URL);
    await discord.getByLabel("A new bonus code").check();
    await discord.getByRole("button", { name: "Save Discord" }).click();
    await expect(page.getByTestId("discord-state")).toContainText("Set up");
    await expect(discord.getByText("Saved: …wxyz. Leave empty to keep it.")).toBeVisible();
    await expect(discord.getByLabel("Webhook URL")).toHaveValue("");
    await expect(discord.getByLabel("A new bonus code")).toBeChecked();
    expect(await page.content()).not.toContain(WEBHOOK_TOKEN);

    const telegram = page.getByRole("region", { name: "Telegram" });
    await settled(page);
    await telegram.getByLabel("Bot token").fill(FAKE_BOT_TOKEN);
    await telegram.getByLabel("Chat id").fill("-1001234567890");
    await telegram.getByLabel("An admin's announcement").check();
    await telegram.getByRole("button", { name: "Save Telegram" }).click();
    await expect(page.getByTestId("telegram-state")).toContainText("Set up");
    await expect(telegram.getByText("Saved: …abcd. Leave empty to keep it.")).toBeVisible();
    expect(await page.content()).not.toContain(FAKE_BOT_TOKEN);

    // An empty field keeps the saved secret: saving other events again changes only them.
    await settled(page);
    await discord.getByLabel("A race starts").check();
    await discord.getByRole("button", { name: "Save Discord" }).click();
    await expect(discord.getByLabel("A race starts")).toBeChecked();
    await expect(discord.getByText("Saved: …wxyz. Leave empty to keep it.")).toBeVisible();

    await settled(page);
    await discord.getByRole("button", { name: "Send test message to Discord" }).click();
    await expect(discord.getByRole("status")).toHaveText("Discord posted the test message.");
    await settled(page);
    await telegram.getByRole("button", { name: "Send test message to Telegram" }).click();
    await expect(telegram.getByRole("status")).toHaveText("Telegram posted the test message.");
    expect(fake.calls.map((c) => [c.provider, c.credential])).toEqual([
      ["discord", `987654321098/${WEBHOOK_TOKEN}`],
      ["telegram", FAKE_BOT_TOKEN],
    ]);

    // A new bonus code goes to Discord (which chose it), through the queue.
    const created = await page.request.post(`${origin}/api/admin/bonus-codes`, {
      headers: { Origin: origin },
      data: {
        code: "CHANNELGOAT",
        description: "For the channels",
        value: "$30 Bonus",
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.status()).toBe(201);
    await expect
      .poll(() => fake.calls.filter((c) => c.provider === "discord").length, { timeout: 20_000 })
      .toBe(2);
    expect(String(fake.calls.at(-1)?.body.content)).toContain("CHANNELGOAT");
    await page.goto(`${origin}/admin/community-channels`);
    await expect(page.getByRole("cell", { name: "bonus_code" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "sent" })).toBeVisible();
  } finally {
    await server.stop();
    await fake.close();
    certificate.remove();
  }
});
