import {
  CHANNEL_MESSAGES,
  CHANNEL_PROVIDER_NAMES,
  ChannelDeliveryError,
  TEST_POST,
  discordRetryAfterMs,
  parseDiscordWebhook,
  telegramRetryAfterMs,
} from "~/domain/community-channels";
import type { CommunityChannelTest } from "~/domain/community-channels";
import { channelTarget } from "~/services/notifications/community-channels.server";
import type {
  ChannelSender,
  ChannelTarget,
} from "~/services/notifications/community-channels.server";

/**
 * The Discord and Telegram HTTP APIs (docs/decisions/0078): a webhook post, and the bot's
 * sendMessage, getMe and getUpdates. The base URLs come from DISCORD_API_BASE_URL and
 * TELEGRAM_API_BASE_URL (a fake on loopback in tests); `fetch` is injectable so a test can trust
 * its own certificate. No message names a URL: a webhook's path and a bot's are secrets.
 */

/** How long one call may take; the queue retries it later. */
const CALL_TIMEOUT_MS = 10_000;

export interface CommunityApiOptions {
  discordBaseUrl: string;
  telegramBaseUrl: string;
  fetch?: typeof fetch;
}

/** A Telegram user as an update names them. */
export interface TelegramUser {
  id: number;
  username?: string;
}

/** The part of a Telegram update the bot reads: a text message, its chat and sender. */
export interface TelegramUpdate {
  update_id: number;
  message?: { text?: string; chat: { id: number; type: string }; from?: TelegramUser };
}

export interface CommunityApi extends ChannelSender {
  /** The bot's own username (getMe), for the t.me link. */
  botUsername(botToken: string): Promise<string>;
  /** Updates from `offset` on, waiting up to `waitSeconds` for one (long polling). */
  updates(botToken: string, offset: number | null, waitSeconds: number): Promise<TelegramUpdate[]>;
  /** The bot's reply in a chat. */
  reply(botToken: string, chatId: number | string, text: string): Promise<void>;
}

export function communityApi({
  discordBaseUrl,
  telegramBaseUrl,
  fetch: fetchImpl = fetch,
}: CommunityApiOptions): CommunityApi {
  const call = async (
    provider: string,
    url: string,
    body: unknown,
    timeoutMs = CALL_TIMEOUT_MS,
  ) => {
    try {
      return await fetchImpl(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ChannelDeliveryError(`Could not reach ${provider}: ${reason}`);
    }
  };

  const telegram = async <T>(
    botToken: string,
    method: string,
    body: unknown,
    timeoutMs?: number,
  ): Promise<T> => {
    const response = await call(
      "Telegram",
      `${telegramBaseUrl}/bot${botToken}/${method}`,
      body,
      timeoutMs,
    );
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean;
      result?: T;
      description?: string;
    } | null;
    if (response.status === 429) {
      throw new ChannelDeliveryError(
        "Telegram asked to slow down (429)",
        telegramRetryAfterMs(answer),
      );
    }
    if (!response.ok || !answer?.ok) {
      const description = answer?.description ?? response.statusText;
      throw new ChannelDeliveryError(`Telegram answered ${response.status}: ${description}`);
    }
    return answer.result as T;
  };

  const discord = async (webhookUrl: string, text: string) => {
    const webhook = parseDiscordWebhook(webhookUrl);
    if (!webhook) throw new ChannelDeliveryError("The saved Discord webhook URL is not one");
    const response = await call(
      "Discord",
      `${discordBaseUrl}/webhooks/${webhook.id}/${webhook.token}`,
      {
        content: text,
        // A player's name or an announcement never pings anyone.
        allowed_mentions: { parse: [] },
      },
    );
    if (response.ok) return;
    const answer: unknown = await response.json().catch(() => null);
    if (response.status === 429) {
      throw new ChannelDeliveryError(
        "Discord asked to slow down (429)",
        discordRetryAfterMs(answer, response.headers.get("Retry-After")),
      );
    }
    const message =
      typeof answer === "object" && answer !== null && "message" in answer
        ? String((answer as { message: unknown }).message)
        : response.statusText;
    throw new ChannelDeliveryError(`Discord answered ${response.status}: ${message}`);
  };

  return {
    async send(target: ChannelTarget, text: string) {
      if (target.provider === "discord") await discord(target.webhookUrl, text);
      else {
        await telegram(target.botToken, "sendMessage", {
          chat_id: target.chatId,
          text,
          link_preview_options: { is_disabled: true },
        });
      }
    },
    async botUsername(botToken) {
      const me = await telegram<{ username?: string }>(botToken, "getMe", {});
      if (!me.username) throw new ChannelDeliveryError("Telegram's getMe named no username");
      return me.username;
    },
    async updates(botToken, offset, waitSeconds) {
      return telegram<TelegramUpdate[]>(
        botToken,
        "getUpdates",
        { offset: offset ?? undefined, timeout: waitSeconds, allowed_updates: ["message"] },
        (waitSeconds + 10) * 1000,
      );
    },
    async reply(botToken, chatId, text) {
      await telegram(botToken, "sendMessage", {
        chat_id: chatId,
        text,
        link_preview_options: { is_disabled: true },
      });
    },
  };
}

/** The admin page's 'Send test message', with the saved settings (handed to routes in the load context). */
export function communityChannelTester(api: CommunityApi): CommunityChannelTest {
  return async (provider) => {
    const name = CHANNEL_PROVIDER_NAMES[provider];
    const target = await channelTarget(provider);
    if (!target) return { ok: false, text: CHANNEL_MESSAGES.notSaved };
    try {
      await api.send(target, TEST_POST);
      return { ok: true, text: `${name} posted the test message.` };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, text: `${name} did not post the test message. ${reason}` };
    }
  };
}
