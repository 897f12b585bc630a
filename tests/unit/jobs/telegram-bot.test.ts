import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertUser, uniqueName } from "../../factories";
import {
  FAKE_BOT_TOKEN,
  FAKE_BOT_USERNAME,
  fetchTrusting,
  makeTestCertificate,
  startFakeChannels,
} from "../../fake-channels/server";
import type { FakeChannels, TestCertificate } from "../../fake-channels/server";
import { answerBotCommands } from "~/jobs/community-channels.server";
import { communityApi } from "~/provider/community-channels.server";
import type { CommunityApi } from "~/provider/community-channels.server";
import { startReply } from "~/domain/telegram-link";
import {
  channelSettingsView,
  saveChannelSettings,
} from "~/services/notifications/community-channels.server";
import { db } from "~/services/db.server";
import { createTelegramLinkCode } from "~/services/players/telegram-links.server";
import { getAccount } from "~/services/auth/users.server";

// The Telegram bot (issue 33 item 5's commands, docs/decisions/0078): long polling against a fake
// Telegram over HTTPS on loopback, answering /leaderboard and /race from the pages' services.

const NOW = new Date("2026-11-21T12:00:00.000Z");
const NOV = "2026-11-01T00:00:00.000Z";
let certificate: TestCertificate;
let fake: FakeChannels;
let api: CommunityApi;

beforeAll(async () => {
  await migrateToLatest(db);
  certificate = makeTestCertificate();
  fake = await startFakeChannels(certificate);
  api = communityApi({
    discordBaseUrl: fake.url,
    telegramBaseUrl: fake.url,
    fetch: fetchTrusting(certificate.cert),
  });
  const username = uniqueName("bot_admin");
  const admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
  await db.deleteFrom("community_channels").execute();
  await saveChannelSettings(admin, {
    telegram: { botToken: FAKE_BOT_TOKEN, chatId: "-1001234567890", events: [] },
  });
});

afterAll(async () => {
  await fake.close();
  certificate.remove();
});

beforeEach(async () => {
  await db.deleteFrom("races").execute();
  await db.deleteFrom("wager_snapshots").execute();
  await db.deleteFrom("players").execute();
});

const chat = (id: number, text: string) => ({
  message_id: id,
  chat: { id, type: "private" },
  from: { id, username: `reader${id}` },
  text,
});

describe("the Telegram bot", () => {
  it("answers /leaderboard and /race with the standings the pages show, each update once", async () => {
    for (const [uid, name, wagered] of [
      ["bot-u1", "Alpha", 5_000],
      ["bot-u2", "Bravo", 1_000],
    ] as const) {
      await insertPlayer(db, {
        uid,
        name,
        this_month: wagered,
        snapshots: [
          [NOV, 0],
          ["2026-11-10T00:00:00.000Z", wagered],
        ],
      });
    }
    await insertRace(db, {
      title: "Bot Race",
      type: "monthly",
      start_date: NOV,
      end_date: "2026-12-01T00:00:00.000Z",
      prize_distribution: JSON.stringify({ 1: 60, 2: 40 }),
    });
    fake.queueUpdate(chat(11, "/leaderboard"));
    fake.queueUpdate(chat(12, `/race@${FAKE_BOT_USERNAME}`));
    fake.queueUpdate(chat(13, "hello"));

    expect(await answerBotCommands(api, NOW)).toBe(2);
    const replies = fake.calls.filter((c) => c.method === "sendMessage");
    expect(replies.map((c) => c.body.chat_id)).toEqual([11, 12]);
    expect(replies[0]?.body.text).toContain(
      "Monthly leaderboard, top 2:\n1. Alpha: $5,000.00\n2. Bravo: $1,000.00",
    );
    expect(replies[1]?.body.text).toContain("Bot Race, prize pool $200.00");
    expect(replies[1]?.body.text).toContain("1. Alpha: $5,000.00, prize $120.00");
    // Learnt once: the bot's username, and where the next pass reads from.
    expect((await channelSettingsView()).telegram.botUsername).toBe(FAKE_BOT_USERNAME);
    expect(await answerBotCommands(api, NOW)).toBe(0);
    expect(fake.calls.filter((c) => c.method === "sendMessage")).toHaveLength(2);
  });
});

describe("the bot's /start <code> (Link Telegram)", () => {
  it("links the member whose code it is to the sender, and says so; a wrong or spent code links nobody", async () => {
    const member = await insertUser(db, { username: uniqueName("linking") });
    const other = await insertUser(db, { username: uniqueName("latecomer") });
    const { code } = await createTelegramLinkCode(member, NOW);
    const sender = { id: 8_100_000_001, username: "proven_goat" };
    const sent = fake.calls.filter((c) => c.method === "sendMessage").length;
    fake.queueUpdate({ ...chat(21, `/start ${code}-wrong`), from: sender });
    fake.queueUpdate({ ...chat(22, `/start ${code}`), from: sender });
    fake.queueUpdate({ ...chat(23, `/start ${code}`), from: sender });
    fake.queueUpdate(chat(24, "/start"));
    fake.queueUpdate(chat(25, "/leaderboard"));

    expect(await answerBotCommands(api, NOW)).toBe(5);
    const replies = fake.calls.filter((c) => c.method === "sendMessage").slice(sent);
    expect(replies.map((c) => [c.body.chat_id, c.body.text])).toEqual([
      [21, startReply({ kind: "unknown-code" })],
      [22, startReply({ kind: "linked", username: "proven_goat" })],
      [23, startReply({ kind: "unknown-code" })],
      [24, startReply({ kind: "no-code" })],
      [25, expect.stringContaining("Nobody has wagered this monthly period yet.")],
    ]);
    expect((await getAccount(member))?.telegramVerifiedUsername).toBe("proven_goat");

    // A second member may not claim the same Telegram account.
    const second = await createTelegramLinkCode(other, NOW);
    fake.queueUpdate({ ...chat(26, `/start ${second.code}`), from: sender });
    expect(await answerBotCommands(api, NOW)).toBe(1);
    expect(fake.calls.at(-1)?.body).toMatchObject({
      chat_id: 26,
      text: startReply({ kind: "taken" }),
    });
    expect((await getAccount(other))?.telegramVerifiedUsername).toBeNull();
  });
});
