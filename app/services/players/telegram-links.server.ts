import { createHash, randomBytes } from "node:crypto";
import { TELEGRAM_LINK_CODE_TTL_MS, TELEGRAM_LINK_UNAVAILABLE } from "~/domain/telegram-link";
import type { TelegramLinkOffer, TelegramLinkOutcome } from "~/domain/telegram-link";
import { db } from "~/services/db.server";
import { isUniqueViolation } from "~/services/auth/users.server";

/**
 * A verified Telegram account (docs/decisions/0084): the one-time codes 'Link Telegram' makes and
 * the bot's `/start <code>` spends. Only a code's SHA-256 is stored, so the table does not hand
 * out live codes; a member has at most one, and a new one replaces it.
 */

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/** Whether the profile can offer 'Link Telegram': a saved bot whose username getMe told. */
export async function telegramLinkOffer(): Promise<TelegramLinkOffer> {
  const bot = await db
    .selectFrom("community_channels")
    .select("bot_username")
    .where("provider", "=", "telegram")
    .executeTakeFirst();
  if (!bot) return { available: false, reason: TELEGRAM_LINK_UNAVAILABLE.noBot };
  if (!bot.bot_username) return { available: false, reason: TELEGRAM_LINK_UNAVAILABLE.botStarting };
  return { available: true, botUsername: bot.bot_username };
}

/** A new code for the member (128 random bits, base64url), replacing any they had. */
export async function createTelegramLinkCode(
  userId: number,
  now: Date = new Date(),
): Promise<{ code: string; expiresAt: string }> {
  const code = randomBytes(16).toString("base64url");
  const row = {
    code_hash: hashCode(code),
    expires_at: new Date(now.getTime() + TELEGRAM_LINK_CODE_TTL_MS).toISOString(),
  };
  await db
    .insertInto("telegram_link_codes")
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
    .execute();
  return { code, expiresAt: row.expires_at };
}

/**
 * The bot's `/start <code>` from the Telegram user `from`: a live code gives its member that
 * Telegram account and is spent; an unknown or expired one changes nothing. A Telegram account
 * another member holds is refused (the code stays good until it expires); so is one without an
 * @username, which the profile could not show.
 */
export async function redeemTelegramLinkCode(
  code: string,
  from: { id: number; username?: string },
  now: Date = new Date(),
): Promise<TelegramLinkOutcome> {
  const telegramUserId = String(from.id);
  try {
    return await db.transaction().execute(async (trx) => {
      const live = await trx
        .selectFrom("telegram_link_codes")
        .select("user_id")
        .where("code_hash", "=", hashCode(code))
        .where("expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (!live) return { kind: "unknown-code" } as const;
      if (!from.username) return { kind: "no-username" } as const;
      const holder = await trx
        .selectFrom("users")
        .select("id")
        .where("telegram_user_id", "=", telegramUserId)
        .executeTakeFirst();
      if (holder && holder.id !== live.user_id) return { kind: "taken" } as const;
      await trx
        .updateTable("users")
        .set({
          telegram_user_id: telegramUserId,
          telegram_verified_username: from.username,
          telegram_verified_at: now.toISOString(),
        })
        .where("id", "=", live.user_id)
        .execute();
      await trx.deleteFrom("telegram_link_codes").where("user_id", "=", live.user_id).execute();
      return { kind: "linked", username: from.username } as const;
    });
  } catch (error) {
    // Another member claimed the same Telegram account in the same moment.
    if (isUniqueViolation(error)) return { kind: "taken" };
    throw error;
  }
}

/** Unlinks the member's verified Telegram account (their typed name stays). */
export async function unlinkTelegram(userId: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ telegram_user_id: null, telegram_verified_username: null, telegram_verified_at: null })
    .where("id", "=", userId)
    .execute();
}
