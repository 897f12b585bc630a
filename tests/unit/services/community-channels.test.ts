import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertUser, uniqueName } from "../../factories";
import {
  FAKE_BOT_TOKEN,
  fetchTrusting,
  makeTestCertificate,
  startFakeChannels,
} from "../../fake-channels/server";
import type { FakeChannels, TestCertificate } from "../../fake-channels/server";
import type { ChannelEvent } from "~/domain/community-channels";
import { MAX_EMAIL_ATTEMPTS } from "~/domain/email";
import { communityApi } from "~/provider/community-channels.server";
import type { CommunityApi } from "~/provider/community-channels.server";
import { createBonusCode } from "~/services/promotions/bonus-codes.server";
import {
  channelSettingsView,
  drainChannelOutbox,
  enqueueChannelPosts,
  saveChannelSettings,
} from "~/services/notifications/community-channels.server";
import { db } from "~/services/db.server";
import { sendBroadcast } from "~/services/notifications/notification-broadcasts.server";
import { updateSiteSettings } from "~/services/players/player-names.server";
import { completeRace } from "~/services/races/race-results.server";

// The community channels' queue (docs/decisions/0078) against fake Discord and Telegram APIs over
// HTTPS on loopback; the client trusts the test's own certificate through an undici dispatcher.

const WEBHOOK_ID = "112233445566778899";
const WEBHOOK_TOKEN = "webhookTokenForTheTestsOnly_wxyz";
const WEBHOOK_URL = `https://discord.com/api/webhooks/${WEBHOOK_ID}/${WEBHOOK_TOKEN}`;
const CHAT_ID = "-1001234567890";
const T0 = new Date("2026-11-27T12:00:00.000Z");
const at = (ms: number) => () => new Date(T0.getTime() + ms);

let certificate: TestCertificate;
let fake: FakeChannels;
let api: CommunityApi;
let admin = { userId: 0, username: "" };

beforeAll(async () => {
  await migrateToLatest(db);
  certificate = makeTestCertificate();
  fake = await startFakeChannels(certificate);
  api = communityApi({
    discordBaseUrl: `${fake.url}`,
    telegramBaseUrl: fake.url,
    fetch: fetchTrusting(certificate.cert),
  });
  const username = uniqueName("channels");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
});

afterAll(async () => {
  await fake.close();
  certificate.remove();
});

beforeEach(async () => {
  fake.calls.length = 0;
  fake.rateLimit("discord", 0, 0);
  fake.rateLimit("telegram", 0, 0);
  for (const table of ["channel_outbox", "community_channels", "audit_log"] as const) {
    await db.deleteFrom(table).execute();
  }
});

async function setUpBoth(
  events: Record<"discord" | "telegram", ChannelEvent[]> = {
    discord: ["race_completed", "bonus_code"],
    telegram: ["race_completed", "announcement"],
  },
) {
  const outcome = await saveChannelSettings(admin, {
    discord: { webhookUrl: WEBHOOK_URL, events: [...events.discord] },
    telegram: { botToken: FAKE_BOT_TOKEN, chatId: CHAT_ID, events: [...events.telegram] },
  });
  expect(outcome.ok).toBe(true);
}

describe("the channel settings", () => {
  it("keeps the secrets sealed, shows their last 4 characters only, and an empty one keeps the saved", async () => {
    await setUpBoth();
    const rows = await db.selectFrom("community_channels").selectAll().execute();
    for (const row of rows) {
      expect(row.secret_sealed).not.toContain(WEBHOOK_TOKEN);
      expect(row.secret_sealed).not.toContain(FAKE_BOT_TOKEN);
    }
    const view = await channelSettingsView();
    expect(view.discord).toMatchObject({ configured: true, secret: "…wxyz" });
    expect(view.telegram).toMatchObject({ secret: "…abcd", chatId: CHAT_ID });
    const audit = await db.selectFrom("audit_log").selectAll().execute();
    expect(audit.map((row) => row.kind)).toEqual([
      "community_channel.saved",
      "community_channel.saved",
    ]);
    expect(JSON.stringify(audit)).not.toContain(WEBHOOK_TOKEN);
    expect(JSON.stringify(audit)).not.toContain(FAKE_BOT_TOKEN);

    // An empty webhook URL keeps the saved one: the post still reaches the same webhook.
    await saveChannelSettings(admin, { discord: { webhookUrl: "", events: ["announcement"] } });
    expect((await channelSettingsView()).discord).toMatchObject({
      secret: "…wxyz",
      events: ["announcement"],
    });
    await db
      .transaction()
      .execute((trx) => enqueueChannelPosts(trx, "announcement", "Hi", "a:1", T0));
    await drainChannelOutbox(api, { now: at(0) });
    expect(fake.calls.find((c) => c.provider === "discord")?.credential).toBe(
      `${WEBHOOK_ID}/${WEBHOOK_TOKEN}`,
    );
  });

  it("refuses a first save without its secret, or Telegram without a chat id, writing nothing", async () => {
    expect(
      await saveChannelSettings(admin, { discord: { webhookUrl: "", events: [] } }),
    ).toMatchObject({
      ok: false,
      field: "discord.webhookUrl",
    });
    expect(
      await saveChannelSettings(admin, {
        discord: { webhookUrl: WEBHOOK_URL, events: [] },
        telegram: { botToken: FAKE_BOT_TOKEN, chatId: "", events: [] },
      }),
    ).toMatchObject({ ok: false, field: "telegram.chatId" });
    expect(await db.selectFrom("community_channels").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });
});

describe("what the site posts", () => {
  it("posts a new bonus code and an announcement to the channels that chose them", async () => {
    await setUpBoth();
    await createBonusCode(
      admin,
      {
        code: uniqueName("GOAT").toUpperCase(),
        description: "d",
        value: "$25 free",
        expiresAt: "2030-01-01T00:00:00.000Z",
      },
      T0,
    );
    await insertUser(db, { username: uniqueName("reader") });
    await sendBroadcast(
      { title: "Maintenance", message: "Back at 14:00", audience: "all" },
      admin,
      T0,
    );
    expect(await drainChannelOutbox(api, { now: at(0) })).toMatchObject({ sent: 2 });
    const discord = fake.calls.filter((c) => c.provider === "discord");
    const telegram = fake.calls.filter((c) => c.provider === "telegram");
    expect(discord.map((c) => c.body.content)).toEqual([expect.stringContaining("$25 free")]);
    expect(discord[0]?.body.allowed_mentions).toEqual({ parse: [] });
    expect(telegram).toEqual([
      expect.objectContaining({
        method: "sendMessage",
        body: expect.objectContaining({ chat_id: CHAT_ID, text: "📣 Maintenance\nBack at 14:00" }),
      }),
    ]);
  });

  it("posts a completed race's top 10 with prizes and the proof link, once", async () => {
    await setUpBoth();
    const NOV = "2026-11-01T00:00:00.000Z";
    for (const [uid, name, wagered] of [
      ["ch-u1", "Alpha", 5_000],
      ["ch-u2", "Bravo", 1_000],
    ] as const) {
      await insertPlayer(db, {
        uid,
        name,
        snapshots: [
          [NOV, 0],
          ["2026-11-10T00:00:00.000Z", wagered],
        ],
      });
    }
    const raceId = await insertRace(db, {
      title: "Channel Race",
      start_date: NOV,
      end_date: "2026-11-20T00:00:00.000Z",
      prize_distribution: JSON.stringify({ 1: 60, 2: 40 }),
    });
    await completeRace(raceId, T0);
    await completeRace(raceId, T0);
    await drainChannelOutbox(api, { now: at(0) });
    expect(fake.calls).toHaveLength(2);
    const text = String(fake.calls.find((c) => c.provider === "telegram")?.body.text);
    expect(text).toContain("1. Alpha: $5,000.00 wagered, prize $120.00");
    expect(text).toContain("2. Bravo: $1,000.00 wagered, prize $80.00");
    expect(text).toContain(`/wager-races/${raceId}/proof`);
  });

  it("names the winners as the public sees them: masked while the site masks names", async () => {
    await setUpBoth({ discord: ["race_completed"], telegram: [] });
    await updateSiteSettings(admin, { maskPlayerNames: true }, T0);
    try {
      const NOV = "2026-11-01T00:00:00.000Z";
      await insertPlayer(db, {
        uid: "ch-mask1",
        name: "SecretWhale",
        snapshots: [
          [NOV, 0],
          ["2026-11-10T00:00:00.000Z", 9_000],
        ],
      });
      const raceId = await insertRace(db, {
        title: "Masked Race",
        start_date: NOV,
        end_date: "2026-11-20T00:00:00.000Z",
        prize_distribution: JSON.stringify({ 1: 100 }),
      });
      await completeRace(raceId, T0);
      await drainChannelOutbox(api, { now: at(0) });
      const post = JSON.stringify(fake.calls.map((c) => c.body));
      expect(post).toContain("Se****le");
      expect(post).not.toContain("SecretWhale");
    } finally {
      await updateSiteSettings(admin, { maskPlayerNames: false }, T0);
    }
  });
});

describe("the channel outbox", () => {
  it("waits as long as Discord's 429 retry_after says, without counting an attempt, and holds that channel's queue", async () => {
    await setUpBoth({ discord: ["announcement"], telegram: ["announcement"] });
    await db.transaction().execute(async (trx) => {
      await enqueueChannelPosts(trx, "announcement", "first", "a:1", T0);
      await enqueueChannelPosts(trx, "announcement", "second", "a:2", T0);
    });
    fake.rateLimit("discord", 12.5);
    const first = await drainChannelOutbox(api, { now: at(0) });
    // Telegram is not held by Discord's limit (one post a pass).
    expect(first).toMatchObject({ sent: 1, rateLimited: 1 });
    const discordRows = await db
      .selectFrom("channel_outbox")
      .selectAll()
      .where("provider", "=", "discord")
      .orderBy("id")
      .execute();
    expect(discordRows.map((r) => [r.status, r.attempts, r.next_attempt_at])).toEqual([
      ["queued", 0, at(12_500)().toISOString()],
      ["queued", 0, at(12_500)().toISOString()],
    ]);
    expect(discordRows[0]?.last_error).toMatch(/429/);
    expect(await drainChannelOutbox(api, { now: at(12_499) })).toMatchObject({ sent: 1 });
    expect(fake.calls.filter((c) => c.provider === "discord")).toEqual([]);
    expect(await drainChannelOutbox(api, { now: at(12_500) })).toMatchObject({ sent: 2 });
    expect(fake.calls.filter((c) => c.provider === "discord").map((c) => c.body.content)).toEqual([
      "first",
      "second",
    ]);
  });

  it("waits as long as Telegram's parameters.retry_after says", async () => {
    await setUpBoth({ discord: [], telegram: ["announcement"] });
    await db
      .transaction()
      .execute((trx) => enqueueChannelPosts(trx, "announcement", "hello", "a:1", T0));
    fake.rateLimit("telegram", 7);
    expect(await drainChannelOutbox(api, { now: at(0) })).toMatchObject({
      sent: 0,
      rateLimited: 1,
    });
    expect(await drainChannelOutbox(api, { now: at(6_999) })).toMatchObject({ sent: 0 });
    expect(await drainChannelOutbox(api, { now: at(7_000) })).toMatchObject({ sent: 1 });
  });

  it("retries a refused post after 1, 2, 4 and 8 minutes, then marks it failed, naming no secret", async () => {
    await saveChannelSettings(admin, {
      telegram: {
        botToken: "999999999:AAanotherBotTokenTheFakeRefuses-0000",
        chatId: CHAT_ID,
        events: ["announcement"],
      },
    });
    await db
      .transaction()
      .execute((trx) => enqueueChannelPosts(trx, "announcement", "x", "a:1", T0));
    let clock = 0;
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt += 1) {
      const result = await drainChannelOutbox(api, { now: at(clock) });
      const row = await db.selectFrom("channel_outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe("Telegram answered 401: Unauthorized");
      if (attempt < MAX_EMAIL_ATTEMPTS) {
        expect(result).toMatchObject({ retried: 1 });
        clock += 60_000 * 2 ** (attempt - 1);
        expect(row.next_attempt_at).toBe(at(clock)().toISOString());
      } else {
        expect(result).toMatchObject({ failed: 1 });
        expect(row.status).toBe("failed");
      }
    }
  });
});
