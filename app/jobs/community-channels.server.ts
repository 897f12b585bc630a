import { botCommandOf, leaderboardReply, raceReply } from "~/domain/community-channels";
import { PERIOD_NAMES } from "~/domain/leaderboard-period";
import { startCodeOf, startReply } from "~/domain/telegram-link";
import { readServerConfig, siteOrigin } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { startRepeatingJob } from "~/server/repeating-job.server";
import { communityApi } from "~/provider/community-channels.server";
import type { CommunityApi, TelegramUpdate } from "~/provider/community-channels.server";
import {
  drainChannelOutbox,
  saveTelegramBotState,
  telegramBotState,
} from "~/services/notifications/community-channels.server";
import { leaderboardPage } from "~/services/players/player-queries.server";
import { currentRaceBoard } from "~/services/races/race-views.server";
import { redeemTelegramLinkCode } from "~/services/players/telegram-links.server";

/** How often the channel outbox is drained: a queued post leaves within this long. */
export const CHANNEL_OUTBOX_INTERVAL_MS = 5_000;

/** How often the bot asks Telegram for new messages (its commands are answered within this). */
export const BOT_POLL_INTERVAL_MS = 3_000;

/** The Discord and Telegram APIs at the configured base URLs. */
export function configuredCommunityApi(): CommunityApi {
  const config = readServerConfig();
  return communityApi({
    discordBaseUrl: config.DISCORD_API_BASE_URL.replace(/\/+$/, ""),
    telegramBaseUrl: config.TELEGRAM_API_BASE_URL.replace(/\/+$/, ""),
  });
}

/**
 * One pass of the Telegram bot (long polling needs no public URL; only the job leader polls, so
 * two processes never read one update): learns its username once (getMe), reads the messages
 * since the last pass and answers `/start <code>` (a member's 'Link Telegram', docs/decisions/0084),
 * `/leaderboard` (the monthly top 10) and `/race` (the race page's top 10) from the services the
 * pages read. Returns how many it answered.
 */
export async function answerBotCommands(
  api: CommunityApi,
  now: Date = new Date(),
): Promise<number> {
  const bot = await telegramBotState();
  if (!bot) return 0;
  if (!bot.botUsername) {
    await saveTelegramBotState({ botUsername: await api.botUsername(bot.botToken) });
  }
  const updates = await api.updates(bot.botToken, bot.updateOffset, 0);
  let answered = 0;
  for (const { message } of updates) {
    const answer = message ? await botAnswer(message, now) : null;
    if (!message || !answer) continue;
    try {
      await api.reply(bot.botToken, message.chat.id, answer.text);
      answered += 1;
    } catch (error) {
      logger.warn({ err: error }, `Telegram bot: the answer to /${answer.command} was not sent`);
    }
  }
  const last = updates.at(-1);
  if (last) await saveTelegramBotState({ updateOffset: last.update_id + 1 });
  return answered;
}

/** What the bot answers a message, or null when it is none of its commands. */
async function botAnswer(
  message: NonNullable<TelegramUpdate["message"]>,
  now: Date,
): Promise<{ command: string; text: string } | null> {
  const code = startCodeOf(message.text);
  if (code !== undefined) {
    // The code proves the account that sent it: `from`, never the chat.
    const outcome =
      code === null || !message.from
        ? ({ kind: "no-code" } as const)
        : await redeemTelegramLinkCode(code, message.from, now);
    return { command: "start", text: startReply(outcome) };
  }
  const command = botCommandOf(message.text);
  if (!command) return null;
  const text =
    command === "leaderboard"
      ? leaderboardReply(
          PERIOD_NAMES.monthly.label,
          (await leaderboardPage({ period: "monthly", pageSize: 10 })).players,
          `${siteOrigin()}/leaderboard`,
        )
      : raceReply(await currentRaceBoard(now), `${siteOrigin()}/wager-races`);
  return { command, text };
}

/**
 * The community channel jobs (docs/decisions/0078): drains the channel outbox, a few posts per
 * channel a pass, as the providers' rate limits allow, and runs the Telegram bot. Returns the
 * function that stops both.
 */
export function startCommunityChannelJobs({
  api = configuredCommunityApi(),
  outboxIntervalMs = CHANNEL_OUTBOX_INTERVAL_MS,
}: { api?: CommunityApi; outboxIntervalMs?: number } = {}) {
  const stopOutbox = startRepeatingJob("channel outbox", outboxIntervalMs, async () => {
    const result = await drainChannelOutbox(api);
    if (result.sent + result.retried + result.failed + result.rateLimited > 0) {
      logger.info({ channels: result }, "Channel outbox drained");
    }
  });
  const stopBot = startRepeatingJob("Telegram bot", BOT_POLL_INTERVAL_MS, () =>
    answerBotCommands(api),
  );
  return async function stop() {
    await stopOutbox();
    await stopBot();
  };
}
