import { z } from "zod";
import {
  CHANNEL_EVENTS,
  CHANNEL_MESSAGES,
  DISCORD_WEBHOOK,
  TELEGRAM_BOT_TOKEN,
  TELEGRAM_CHAT_ID,
} from "./community-channels";
import type { ChannelEvent, ChannelProvider } from "./community-channels";

/**
 * What an admin may send for the community channels, from the admin page's forms and from
 * `PUT /api/admin/community-channels` alike (apart from ./community-channels so that zod stays
 * out of the admin page's browser bundle).
 */

const eventsSchema = z
  .array(z.enum(CHANNEL_EVENTS, { error: CHANNEL_MESSAGES.events }), {
    error: CHANNEL_MESSAGES.events,
  })
  .max(CHANNEL_EVENTS.length * 4, { error: CHANNEL_MESSAGES.events })
  .transform((events) => CHANNEL_EVENTS.filter((event) => events.includes(event)));

/**
 * A secret as sent: null removes the channel, an empty string or none keeps the one saved (the
 * admin page never holds it to send back), anything else replaces it.
 */
function secretSchema(pattern: RegExp, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(300, { error: message })
    .refine((value) => value === "" || pattern.test(value), { error: message })
    .nullable()
    .optional();
}

export const communityChannelsInputSchema = z
  .object({
    discord: z
      .object({
        webhookUrl: secretSchema(DISCORD_WEBHOOK, CHANNEL_MESSAGES.webhookUrl),
        events: eventsSchema,
      })
      .strict()
      .optional(),
    telegram: z
      .object({
        botToken: secretSchema(TELEGRAM_BOT_TOKEN, CHANNEL_MESSAGES.botToken),
        chatId: z
          .string({ error: CHANNEL_MESSAGES.chatId })
          .trim()
          .refine((value) => value === "" || TELEGRAM_CHAT_ID.test(value), {
            error: CHANNEL_MESSAGES.chatId,
          })
          .nullable()
          .optional(),
        events: eventsSchema,
      })
      .strict()
      .optional(),
  })
  .strict();

export type CommunityChannelsInput = z.infer<typeof communityChannelsInputSchema>;

/** One channel's change: its new secret (undefined keeps the saved one), chat and events. */
export interface ChannelChange {
  provider: ChannelProvider;
  secret: string | undefined;
  chatId: string | null;
  events: ChannelEvent[];
}

/** The input as changes, each channel's (null removes it); channels left out stay as they are. */
export function channelChanges(input: CommunityChannelsInput): (
  | ChannelChange
  | {
      provider: ChannelProvider;
      remove: true;
    }
)[] {
  const changes: (ChannelChange | { provider: ChannelProvider; remove: true })[] = [];
  if (input.discord) {
    const { webhookUrl, events } = input.discord;
    changes.push(
      webhookUrl === null
        ? { provider: "discord", remove: true }
        : { provider: "discord", secret: webhookUrl || undefined, chatId: null, events },
    );
  }
  if (input.telegram) {
    const { botToken, chatId, events } = input.telegram;
    changes.push(
      botToken === null
        ? { provider: "telegram", remove: true }
        : { provider: "telegram", secret: botToken || undefined, chatId: chatId || null, events },
    );
  }
  return changes;
}
