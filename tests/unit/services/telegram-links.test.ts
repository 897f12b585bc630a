import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import { TELEGRAM_LINK_CODE_TTL_MS, TELEGRAM_LINK_UNAVAILABLE } from "~/domain/telegram-link";
import {
  saveChannelSettings,
  saveTelegramBotState,
} from "~/services/notifications/community-channels.server";
import { db } from "~/services/db.server";
import {
  createTelegramLinkCode,
  redeemTelegramLinkCode,
  telegramLinkOffer,
  unlinkTelegram,
} from "~/services/players/telegram-links.server";
import { getAccount, getPublicProfile } from "~/services/auth/users.server";

// A verified Telegram account (issue 33 item 5, docs/decisions/0084): the one-time codes of
// 'Link Telegram' and the bot's /start that spends them.

const NOW = new Date("2026-11-27T22:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
let telegramIds = 700_000_000_000;
const telegramUser = (username?: string) => ({ id: (telegramIds += 1), username });

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("telegram_link_codes").execute();
  await db.deleteFrom("community_channels").execute();
});

const member = () =>
  insertUser(db, { username: uniqueName("tg_member"), telegram_username: "typed_name" });

async function verified(userId: number) {
  const account = await getAccount(userId);
  return { typed: account?.telegramUsername, verified: account?.telegramVerifiedUsername };
}

describe("Link Telegram's codes", () => {
  it("a live code links the member to the Telegram account that sent it, once", async () => {
    const userId = await member();
    const { code, expiresAt } = await createTelegramLinkCode(userId, NOW);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(expiresAt).toBe(later(TELEGRAM_LINK_CODE_TTL_MS).toISOString());
    // Only its hash is kept.
    const stored = await db.selectFrom("telegram_link_codes").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);

    const from = telegramUser("goat_fan");
    expect(await redeemTelegramLinkCode(code, from, later(60_000))).toEqual({
      kind: "linked",
      username: "goat_fan",
    });
    expect(await verified(userId)).toEqual({ typed: "typed_name", verified: "goat_fan" });
    // The public profile shows the typed name, unverified: it is not the account proved.
    expect(await getPublicProfile(userId)).toMatchObject({
      telegramUsername: "typed_name",
      telegramVerified: false,
    });
    const row = await db
      .selectFrom("users")
      .select(["telegram_user_id", "telegram_verified_at"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      telegram_user_id: String(from.id),
      telegram_verified_at: later(60_000).toISOString(),
    });
    // Spent: the same code again is unknown.
    expect(await redeemTelegramLinkCode(code, from, later(61_000))).toEqual({
      kind: "unknown-code",
    });
  });

  it("the public profile labels the typed name verified once it is the account proved", async () => {
    const userId = await member();
    const { code } = await createTelegramLinkCode(userId, NOW);
    await redeemTelegramLinkCode(code, telegramUser("Typed_Name"), later(1_000));
    expect(await getPublicProfile(userId)).toMatchObject({
      telegramUsername: "typed_name",
      telegramVerified: true,
    });
    await unlinkTelegram(userId);
    expect(await getPublicProfile(userId)).toMatchObject({ telegramVerified: false });
  });

  it("an expired, unknown or replaced code links nobody", async () => {
    const userId = await member();
    const first = await createTelegramLinkCode(userId, NOW);
    const from = telegramUser("late_goat");
    expect(
      await redeemTelegramLinkCode(first.code, from, later(TELEGRAM_LINK_CODE_TTL_MS)),
    ).toEqual({ kind: "unknown-code" });
    expect(await redeemTelegramLinkCode("not-a-code-anyone-made", from, NOW)).toEqual({
      kind: "unknown-code",
    });
    // One live code per member: a new one replaces the last.
    const second = await createTelegramLinkCode(userId, NOW);
    expect(await db.selectFrom("telegram_link_codes").selectAll().execute()).toHaveLength(1);
    expect(await redeemTelegramLinkCode(first.code, from, NOW)).toEqual({ kind: "unknown-code" });
    expect(await verified(userId)).toEqual({ typed: "typed_name", verified: null });
    expect(await redeemTelegramLinkCode(second.code, from, NOW)).toEqual({
      kind: "linked",
      username: "late_goat",
    });
  });

  it("a Telegram account another member holds is refused, and the code stays good", async () => {
    const first = await member();
    const second = await member();
    const from = telegramUser("only_once");
    const firstCode = await createTelegramLinkCode(first, NOW);
    expect((await redeemTelegramLinkCode(firstCode.code, from, NOW)).kind).toBe("linked");

    const { code } = await createTelegramLinkCode(second, NOW);
    expect(await redeemTelegramLinkCode(code, from, NOW)).toEqual({ kind: "taken" });
    expect(await verified(second)).toEqual({ typed: "typed_name", verified: null });
    expect(await verified(first)).toEqual({ typed: "typed_name", verified: "only_once" });

    // Once the first unlinks, the second may prove it.
    await unlinkTelegram(first);
    expect(await verified(first)).toEqual({ typed: "typed_name", verified: null });
    expect(await redeemTelegramLinkCode(code, from, NOW)).toEqual({
      kind: "linked",
      username: "only_once",
    });
  });

  it("a Telegram account without an @username is refused, and the code stays good", async () => {
    const userId = await member();
    const { code } = await createTelegramLinkCode(userId, NOW);
    const from = telegramUser(undefined);
    expect(await redeemTelegramLinkCode(code, from, NOW)).toEqual({ kind: "no-username" });
    expect(await redeemTelegramLinkCode(code, { ...from, username: "named_now" }, NOW)).toEqual({
      kind: "linked",
      username: "named_now",
    });
  });
});

describe("whether the profile offers Link Telegram", () => {
  it("only with a saved bot whose username is known", async () => {
    expect(await telegramLinkOffer()).toEqual({
      available: false,
      reason: TELEGRAM_LINK_UNAVAILABLE.noBot,
    });
    const username = uniqueName("tg_admin");
    const admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
    await saveChannelSettings(admin, {
      telegram: {
        botToken: "123456789:AAfakeTelegramBotTokenForTheTests-abcd",
        chatId: "-1001234567890",
        events: [],
      },
    });
    expect(await telegramLinkOffer()).toEqual({
      available: false,
      reason: TELEGRAM_LINK_UNAVAILABLE.botStarting,
    });
    await saveTelegramBotState({ botUsername: "GoatedTestBot" });
    expect(await telegramLinkOffer()).toEqual({ available: true, botUsername: "GoatedTestBot" });
  });
});
