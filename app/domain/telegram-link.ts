/**
 * A verified Telegram account (issue 33 item 5, docs/decisions/0084): 'Link Telegram' on the
 * profile opens the bot with a one-time code, and the bot's `/start <code>` proves which Telegram
 * account the member holds. A name typed on the profile stays what it was: unverified.
 */

/**
 * Whether the name a member typed is the Telegram account they proved through the bot: Telegram
 * usernames are case-insensitive. Only then may a page label the typed name verified.
 */
export function typedTelegramNameVerified(
  typedUsername: string | null,
  verifiedUsername: string | null,
): boolean {
  return (
    typedUsername !== null &&
    verifiedUsername !== null &&
    typedUsername.toLowerCase() === verifiedUsername.toLowerCase()
  );
}

/** How long a code stays good: long enough to open Telegram and tap Start. */
export const TELEGRAM_LINK_CODE_TTL_MS = 15 * 60_000;

/** The deep link Telegram opens the bot with; `start` carries the code (A-Z, a-z, 0-9, _ and -). */
export function telegramLinkUrl(botUsername: string, code: string): string {
  return `https://t.me/${encodeURIComponent(botUsername)}?start=${encodeURIComponent(code)}`;
}

/**
 * The bot's `/start` (as a deep link sends it, or typed, "/start@GoatedBot" included): its code,
 * null when it has none; undefined when the message is not `/start`.
 */
export function startCodeOf(text: string | undefined): string | null | undefined {
  const match = /^\/start(?:@\w+)?(?:\s+(\S+))?(?:\s|$)/i.exec(text?.trim() ?? "");
  if (!match) return undefined;
  return match[1] ?? null;
}

/** A code redeemed, or why not. */
export type TelegramLinkOutcome =
  | { kind: "linked"; username: string }
  | { kind: "unknown-code" }
  | { kind: "taken" }
  | { kind: "no-username" };

/** What the bot answers a `/start`. */
export function startReply(outcome: TelegramLinkOutcome | { kind: "no-code" }): string {
  switch (outcome.kind) {
    case "linked":
      return `Your Telegram account @${outcome.username} is now linked to your GoatedVIPs profile. Send /leaderboard or /race for the standings.`;
    case "unknown-code":
      return "This link code is unknown or has expired. Open your GoatedVIPs profile and tap 'Link Telegram' again.";
    case "taken":
      return "This Telegram account is already linked to another GoatedVIPs account. Unlink it on that account's profile first.";
    case "no-username":
      return "Your Telegram account has no @username. Set one in Telegram's settings, then open the link from your GoatedVIPs profile again.";
    case "no-code":
      return "Hi! Send /leaderboard or /race for the standings. To link your account, tap 'Link Telegram' on your GoatedVIPs profile.";
  }
}

/** Whether the profile can offer 'Link Telegram', and if not, why. */
export type TelegramLinkOffer =
  { available: true; botUsername: string } | { available: false; reason: string };

export const TELEGRAM_LINK_UNAVAILABLE = {
  noBot: "Linking a Telegram account is not available yet: the site's Telegram bot is not set up.",
  botStarting:
    "Linking a Telegram account is not available for a moment: the site's Telegram bot is starting. Try again in a minute.",
} as const;

export const TELEGRAM_UNLINKED = "Your Telegram account is unlinked";
