import { auditSubject } from "~/domain/audit";
import {
  CHANNEL_MESSAGES,
  CHANNEL_PROVIDERS,
  ChannelDeliveryError,
  POSTS_PER_PASS,
  maskedSecret,
  parseStoredEvents,
  secretHint,
} from "~/domain/community-channels";
import type {
  ChannelEvent,
  ChannelProvider,
  ChannelSettingsView,
} from "~/domain/community-channels";
import { channelChanges } from "~/domain/community-channels-form";
import type { CommunityChannelsInput } from "~/domain/community-channels-form";
import { openSecret, sealSecret } from "~/server/secret-box.server";
import { recordAudit } from "~/services/admin/audit.server";
import type { AuditActor } from "~/services/admin/audit.server";
import { db } from "~/services/db.server";
import type { Executor } from "~/services/db.server";
import { abandonInterrupted, claim, errorText, markSent, recordFailure } from "./outbox.server";

/**
 * The community channels (docs/decisions/0078): an admin's settings, their secrets sealed like
 * the TOTP secrets, and the channel outbox. Posts are queued in the transaction of the change they
 * tell about and sent by the channel job, claimed and retried exactly as the e-mail outbox's
 * messages are (docs/decisions/0025), and paused as long as a provider's rate limit asks.
 */

const sealContext = (provider: ChannelProvider) => `community_channels:${provider}`;

/** Where a channel's posts go: what the provider's client needs, secrets open. */
export type ChannelTarget =
  | { provider: "discord"; webhookUrl: string }
  | { provider: "telegram"; botToken: string; chatId: string };

/** Every saved channel, as the admin page and the API show them (never a secret). */
export async function channelSettingsView(): Promise<ChannelSettingsView> {
  const rows = await db.selectFrom("community_channels").selectAll().execute();
  const view = {} as ChannelSettingsView;
  for (const provider of CHANNEL_PROVIDERS) {
    const row = rows.find((r) => r.provider === provider);
    view[provider] = {
      configured: Boolean(row),
      secret: row ? maskedSecret(row.secret_hint) : null,
      chatId: row?.chat_id ?? null,
      events: row ? parseStoredEvents(row.events) : [],
      botUsername: row?.bot_username ?? null,
      updatedAt: row?.updated_at ?? null,
    };
  }
  return view;
}

export type SaveChannelsOutcome =
  | { ok: true; view: ChannelSettingsView; removed: boolean }
  | { ok: false; message: string; field: string };

/** What the audit log keeps of a channel: never its secret, its last 4 characters. */
function audited(row: { secret_hint: string; chat_id: string | null; events: string }) {
  return {
    secret: maskedSecret(row.secret_hint),
    chatId: row.chat_id,
    events: parseStoredEvents(row.events),
  };
}

/**
 * Saves an admin's channel settings, each change with its audit row, in one transaction: all or
 * nothing. A channel needs its secret (sent now or saved before), Telegram its chat id too.
 */
export async function saveChannelSettings(
  actor: AuditActor,
  input: CommunityChannelsInput,
  now: Date = new Date(),
): Promise<SaveChannelsOutcome> {
  let removed = false;
  try {
    await db.transaction().execute(async (trx) => {
      for (const change of channelChanges(input)) {
        const { provider } = change;
        const previous = await trx
          .selectFrom("community_channels")
          .selectAll()
          .where("provider", "=", provider)
          .executeTakeFirst();
        const subject = auditSubject("community_channel", provider);
        if ("remove" in change) {
          if (!previous) continue;
          await trx.deleteFrom("community_channels").where("provider", "=", provider).execute();
          await recordAudit(
            trx,
            {
              actor,
              kind: "community_channel.removed",
              subject,
              before: audited(previous),
              after: null,
            },
            now,
          );
          removed = true;
          continue;
        }
        if (change.secret === undefined && !previous) {
          const refusal =
            provider === "discord"
              ? { message: CHANNEL_MESSAGES.webhookMissing, field: "discord.webhookUrl" }
              : { message: CHANNEL_MESSAGES.botTokenMissing, field: "telegram.botToken" };
          throw new Refusal(refusal.message, refusal.field);
        }
        if (provider === "telegram" && !change.chatId) {
          throw new Refusal(CHANNEL_MESSAGES.chatIdMissing, "telegram.chatId");
        }
        const sealed =
          change.secret === undefined
            ? { secret_sealed: previous!.secret_sealed, secret_hint: previous!.secret_hint }
            : {
                secret_sealed: sealSecret(change.secret, sealContext(provider)),
                secret_hint: secretHint(change.secret),
              };
        // A new bot is asked its username again (the channel job's getMe).
        const sameBot = change.secret === undefined;
        const row = {
          ...sealed,
          chat_id: change.chatId,
          events: JSON.stringify(change.events),
          bot_username: sameBot ? (previous?.bot_username ?? null) : null,
          update_offset: sameBot ? (previous?.update_offset ?? null) : null,
          updated_at: now.toISOString(),
          updated_by: actor.userId,
        };
        await trx
          .insertInto("community_channels")
          .values({ provider, ...row })
          .onConflict((oc) => oc.column("provider").doUpdateSet(row))
          .execute();
        await recordAudit(
          trx,
          {
            actor,
            kind: "community_channel.saved",
            subject,
            before: previous ? audited(previous) : null,
            after: { ...audited(row), secretReplaced: change.secret !== undefined },
          },
          now,
        );
      }
    });
  } catch (error) {
    // Thrown inside, so the transaction rolls back whatever the other channel wrote.
    if (error instanceof Refusal) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
  return { ok: true, view: await channelSettingsView(), removed };
}

/** A save refused for its input; nothing of it is written. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** A saved channel's target with its secret open; null when none is saved or it does not open. */
export async function channelTarget(
  provider: ChannelProvider,
  executor: Executor = db,
): Promise<ChannelTarget | null> {
  const row = await executor
    .selectFrom("community_channels")
    .select(["secret_sealed", "chat_id"])
    .where("provider", "=", provider)
    .executeTakeFirst();
  if (!row) return null;
  const secret = openSecret(row.secret_sealed, sealContext(provider));
  if (secret === null) return null;
  if (provider === "discord") return { provider, webhookUrl: secret };
  return row.chat_id ? { provider, botToken: secret, chatId: row.chat_id } : null;
}

/**
 * Queues `text` for every channel that posts `event`, in the caller's transaction; `dedupeKey`
 * makes it once per channel ever (a race's start, a code). Returns how many were queued.
 */
export async function enqueueChannelPosts(
  executor: Executor,
  event: ChannelEvent,
  text: string,
  dedupeKey: string,
  now: Date = new Date(),
): Promise<number> {
  const channels = await executor
    .selectFrom("community_channels")
    .select(["provider", "events"])
    .execute();
  const providers = channels
    .filter((channel) => parseStoredEvents(channel.events).includes(event))
    .map((channel) => channel.provider);
  if (providers.length === 0) return 0;
  const stamp = now.toISOString();
  const result = await executor
    .insertInto("channel_outbox")
    .values(
      providers.map((provider) => ({
        provider,
        event,
        text_body: text,
        dedupe_key: `${provider}:${dedupeKey}`,
        status: "queued" as const,
        attempts: 0,
        next_attempt_at: stamp,
        created_at: stamp,
      })),
    )
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** Sends one post; throws ChannelDeliveryError (with the provider's wait on a 429). */
export interface ChannelSender {
  send(target: ChannelTarget, text: string): Promise<void>;
}

export interface ChannelDrainResult {
  sent: number;
  retried: number;
  failed: number;
  /** Posts put off by a provider's rate limit (their attempt not counted). */
  rateLimited: number;
}

/**
 * One pass over the due posts, at most POSTS_PER_PASS per channel: claim each, send it, record
 * the outcome. A 429 puts every queued post of that channel off until the provider's retry_after
 * and does not count as an attempt. `now` is read at each step, so a test's clock decides.
 */
export async function drainChannelOutbox(
  sender: ChannelSender,
  { now = () => new Date() }: { now?: () => Date } = {},
): Promise<ChannelDrainResult> {
  const result: ChannelDrainResult = { sent: 0, retried: 0, failed: 0, rateLimited: 0 };
  result.failed += await abandonInterrupted("channel_outbox", now());
  for (const provider of CHANNEL_PROVIDERS) {
    const due = await db
      .selectFrom("channel_outbox")
      .select("id")
      .where("provider", "=", provider)
      .where("status", "=", "queued")
      .where("next_attempt_at", "<=", now().toISOString())
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(POSTS_PER_PASS[provider])
      .execute();
    if (due.length === 0) continue;
    const target = await channelTarget(provider);
    for (const { id } of due) {
      const post = await claim("channel_outbox", id, now());
      if (!post) continue;
      try {
        if (!target) throw new ChannelDeliveryError("The channel is no longer set up");
        await sender.send(target, post.text_body);
        await markSent("channel_outbox", id, now());
        result.sent += 1;
      } catch (error) {
        const message = errorText(error).slice(0, 500);
        const retryAfterMs = error instanceof ChannelDeliveryError ? error.retryAfterMs : null;
        if (retryAfterMs !== null) {
          await putOff(provider, id, message, new Date(now().getTime() + retryAfterMs));
          result.rateLimited += 1;
          break;
        }
        const final = target === null;
        result[await recordFailure("channel_outbox", post, message, now(), { final })] += 1;
      }
    }
  }
  return result;
}

/** A 429: this post's attempt is given back, and the channel's queue waits until `until`. */
async function putOff(provider: ChannelProvider, id: number, message: string, until: Date) {
  const stamp = until.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("channel_outbox")
      .set((eb) => ({
        attempts: eb("attempts", "-", 1),
        last_error: message,
        next_attempt_at: stamp,
      }))
      .where("id", "=", id)
      .execute();
    await trx
      .updateTable("channel_outbox")
      .set({ next_attempt_at: stamp })
      .where("provider", "=", provider)
      .where("status", "=", "queued")
      .where("next_attempt_at", "<", stamp)
      .execute();
  });
}

/** The newest posts, for the admin page: what was sent, what waits, what failed and why. */
export async function recentChannelPosts(limit = 10) {
  return db
    .selectFrom("channel_outbox")
    .select([
      "id",
      "provider",
      "event",
      "status",
      "attempts",
      "last_error",
      "created_at",
      "sent_at",
    ])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The bot's saved state: its token (open), username (getMe) and the next update to read. */
export async function telegramBotState(): Promise<{
  botToken: string;
  botUsername: string | null;
  updateOffset: number | null;
} | null> {
  const target = await channelTarget("telegram");
  if (!target || target.provider !== "telegram") return null;
  const row = await db
    .selectFrom("community_channels")
    .select(["bot_username", "update_offset"])
    .where("provider", "=", "telegram")
    .executeTakeFirstOrThrow();
  return {
    botToken: target.botToken,
    botUsername: row.bot_username,
    updateOffset: row.update_offset,
  };
}

/** Records what the bot learnt: its username, the next update to read. */
export async function saveTelegramBotState(state: {
  botUsername?: string;
  updateOffset?: number;
}): Promise<void> {
  await db
    .updateTable("community_channels")
    .set({
      ...(state.botUsername === undefined ? {} : { bot_username: state.botUsername }),
      ...(state.updateOffset === undefined ? {} : { update_offset: state.updateOffset }),
    })
    .where("provider", "=", "telegram")
    .execute();
}
