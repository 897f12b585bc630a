import { newBonusCodeNotification } from "./bonus-codes";
import type { BonusCodeView } from "./bonus-codes";
import { formatCents, formatUsd } from "./money";
import { formatDateTime } from "./time";

/**
 * The community's Discord and Telegram channels (issue 33 item 4, docs/decisions/0078): what an
 * admin may set, what each post says, and how the providers' answers are read (their rate limits).
 */

export const CHANNEL_PROVIDERS = ["discord", "telegram"] as const;
export type ChannelProvider = (typeof CHANNEL_PROVIDERS)[number];

export const CHANNEL_PROVIDER_NAMES: Record<ChannelProvider, string> = {
  discord: "Discord",
  telegram: "Telegram",
};

/** The events a channel may post, in the API's words. */
export const CHANNEL_EVENTS = [
  "race_started",
  "race_completed",
  "bonus_code",
  "announcement",
] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];

export const CHANNEL_EVENT_LABELS: Record<ChannelEvent, string> = {
  race_started: "A race starts",
  race_completed: "A race's results (top 10, prizes, proof)",
  bonus_code: "A new bonus code",
  announcement: "An admin's announcement",
};

export function isChannelEvent(value: unknown): value is ChannelEvent {
  return typeof value === "string" && (CHANNEL_EVENTS as readonly string[]).includes(value);
}

/** The events stored as JSON, read back; anything unknown is dropped. */
export function parseStoredEvents(json: string): ChannelEvent[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(isChannelEvent) : [];
  } catch {
    return [];
  }
}

/** All a page or the API shows of a secret: its last 4 characters. */
export function secretHint(secret: string): string {
  return secret.slice(-4);
}

export function maskedSecret(hint: string): string {
  return `…${hint}`;
}

// A Discord webhook as Discord hands it out; its id and token are what the site posts to, on
// DISCORD_API_BASE_URL, so no other host can be named here.
export const DISCORD_WEBHOOK =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/(?:v\d+\/)?webhooks\/(\d{5,25})\/([\w-]{20,100})\/?$/;

export interface DiscordWebhook {
  id: string;
  token: string;
}

export function parseDiscordWebhook(url: string): DiscordWebhook | null {
  const match = DISCORD_WEBHOOK.exec(url.trim());
  return match ? { id: match[1]!, token: match[2]! } : null;
}

export const TELEGRAM_BOT_TOKEN = /^\d{3,20}:[\w-]{30,100}$/;
export const TELEGRAM_CHAT_ID = /^(?:-?\d{1,20}|@[A-Za-z][\w]{4,31})$/;

export const CHANNEL_MESSAGES = {
  webhookUrl:
    "Discord webhook URL must look like https://discord.com/api/webhooks/<id>/<token> (Channel settings > Integrations > Webhooks)",
  webhookMissing: "Enter the Discord webhook URL",
  botToken: "Telegram bot token must look like 123456789:AA... (as @BotFather gives it)",
  botTokenMissing: "Enter the Telegram bot token",
  chatId: "Telegram chat id must be a number such as -1001234567890, or @channelname",
  chatIdMissing: "Enter the Telegram chat id",
  events: `Events must be chosen from ${CHANNEL_EVENTS.join(", ")}`,
  saved: "Community channel saved",
  removed: "Community channel removed",
  notSaved: "Save the channel before sending a test message",
} as const;

/** A saved channel as the admin page and the API show it: never its secret. */
export interface ChannelView {
  configured: boolean;
  /** The secret's last 4 characters, '…abcd'; null when none is saved. */
  secret: string | null;
  chatId: string | null;
  events: ChannelEvent[];
  botUsername: string | null;
  updatedAt: string | null;
}

export type ChannelSettingsView = Record<ChannelProvider, ChannelView>;

/** `GET /api/admin/community-channels`, in the PUT's shape with the secrets masked. */
export function communityChannelsJson(view: ChannelSettingsView) {
  return {
    discord: {
      webhookUrl: view.discord.secret,
      events: view.discord.events,
      configured: view.discord.configured,
      updatedAt: view.discord.updatedAt,
    },
    telegram: {
      botToken: view.telegram.secret,
      chatId: view.telegram.chatId,
      events: view.telegram.events,
      configured: view.telegram.configured,
      botUsername: view.telegram.botUsername,
      updatedAt: view.telegram.updatedAt,
    },
  };
}

// --- What the posts say (plain text: both providers show it as written) ---

export const TEST_POST = "Test message from GoatedVIPs: this channel is set up.";

export function raceStartedPost(
  race: { title: string; endDate: string; prizePoolCents: number },
  url: string,
): string {
  return [
    `🏁 ${race.title} has started!`,
    `Prize pool ${formatCents(race.prizePoolCents)}, ends ${formatDateTime(race.endDate)}.`,
    url,
  ].join("\n");
}

export interface PostedWinner {
  position: number;
  name: string;
  wager: number;
  prizeCents: number;
}

/** A completed race's top 10 with prizes, and the link that verifies its sealed result. */
export function raceCompletedPost(
  race: { title: string },
  winners: readonly PostedWinner[],
  urls: { race: string; proof: string },
): string {
  const lines = [`🏆 ${race.title} is over. Top ${Math.min(winners.length, 10)}:`];
  for (const w of winners.slice(0, 10)) {
    lines.push(
      `${w.position}. ${w.name}: ${formatUsd(w.wager)} wagered, prize ${formatCents(w.prizeCents)}`,
    );
  }
  if (winners.length === 0) lines.push("Nobody qualified this time.");
  lines.push(`Results: ${urls.race}`, `Verify the result: ${urls.proof}`);
  return lines.join("\n");
}

export function bonusCodePost(
  code: Pick<BonusCodeView, "code" | "value" | "expiresAt">,
  url: string,
): string {
  const { title, message } = newBonusCodeNotification(code);
  return `🎁 ${title}\n${message}\n${url}`;
}

export function announcementPost(title: string, message: string): string {
  return `📣 ${title}\n${message}`;
}

// --- The providers' answers ---

/** Why a post was not delivered. `retryAfterMs`: the provider's rate limit, wait that long. */
export class ChannelDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "ChannelDeliveryError";
  }
}

/** A Discord 429's wait: the body's `retry_after` (seconds), else the Retry-After header. */
export function discordRetryAfterMs(body: unknown, retryAfterHeader: string | null): number {
  const seconds =
    typeof body === "object" && body !== null && "retry_after" in body
      ? Number((body as { retry_after: unknown }).retry_after)
      : Number(retryAfterHeader);
  return waitMs(seconds);
}

/** A Telegram 429's wait: `parameters.retry_after` (seconds). */
export function telegramRetryAfterMs(body: unknown): number {
  const parameters =
    typeof body === "object" && body !== null && "parameters" in body
      ? (body as { parameters: unknown }).parameters
      : null;
  const seconds =
    typeof parameters === "object" && parameters !== null && "retry_after" in parameters
      ? Number((parameters as { retry_after: unknown }).retry_after)
      : NaN;
  return waitMs(seconds);
}

/** A wait in seconds as milliseconds; a missing or odd one waits a second. */
function waitMs(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds * 1000) : 1000;
}

/**
 * Posts per channel in one pass of the job (every 5 s): Discord allows a webhook about 30 a
 * minute, Telegram a bot about 20 a minute in one group. A 429 still pauses the channel for as
 * long as the provider says.
 */
export const POSTS_PER_PASS: Record<ChannelProvider, number> = { discord: 2, telegram: 1 };

/** 'Send test message': the channel's saved settings post TEST_POST; what happened, in words. */
export type CommunityChannelTest = (
  provider: ChannelProvider,
) => Promise<{ ok: boolean; text: string }>;

// --- The Telegram bot's commands ---

/** The command a bot message asks for ("/race@GoatedBot" included), or null. */
export function botCommandOf(text: string | undefined): "leaderboard" | "race" | null {
  const match = /^\/(leaderboard|race)(?:@\w+)?(?:\s|$)/i.exec(text?.trim() ?? "");
  return match ? (match[1]!.toLowerCase() as "leaderboard" | "race") : null;
}

/** `/leaderboard`: the period's top players, as the leaderboard page ranks them. */
export function leaderboardReply(
  periodLabel: string,
  players: readonly { rank: number; name: string; wagered: number }[],
  url: string,
): string {
  if (players.length === 0)
    return `Nobody has wagered this ${periodLabel.toLowerCase()} period yet.\n${url}`;
  const lines = players.map((p) => `${p.rank}. ${p.name}: ${formatUsd(p.wagered)}`);
  return [`${periodLabel} leaderboard, top ${players.length}:`, ...lines, url].join("\n");
}

/** `/race`: the race the race page shows, its top 10 with their prizes. */
export function raceReply(
  board: {
    race: { title: string; endDate: string; prizePoolCents: number };
    participants: readonly PostedWinner[];
    view: string;
  } | null,
  url: string,
): string {
  if (!board) return `No race is running right now.\n${url}`;
  const { race, participants } = board;
  const heading =
    board.view === "completed"
      ? `${race.title} (ended), prize pool ${formatCents(race.prizePoolCents)}:`
      : `${race.title}, prize pool ${formatCents(race.prizePoolCents)}, ends ${formatDateTime(race.endDate)}:`;
  const lines = participants
    .slice(0, 10)
    .map(
      (w) => `${w.position}. ${w.name}: ${formatUsd(w.wager)}, prize ${formatCents(w.prizeCents)}`,
    );
  return [heading, ...(lines.length ? lines : ["Nobody has wagered in it yet."]), url].join("\n");
}
