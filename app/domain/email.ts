import type { PreferenceKey } from "./account-forms";
import type { NotificationKind } from "./notifications";

/**
 * Which e-mails the site sends and under which preference (docs/product.md §P10,
 * docs/decisions/0025). Each preference governs real e-mail; a message without one is the address
 * confirmation the user asked for.
 */

/** Every kind of e-mail in the outbox: the notification kinds that e-mail, and the e-mail-only ones. */
export type EmailKind =
  NotificationKind | "race_started" | "race_ended" | "monthly_statement" | "email_verification";

/**
 * The preference that sends a notification kind by e-mail too; null keeps it in-app only: a
 * support reply arrives in the live chat the user opened, an account link is the user's own
 * action, and the admins' operations alerts go by ADMIN_ALERT_KINDS instead.
 */
export const EMAIL_PREFERENCE_OF_NOTIFICATION: Record<NotificationKind, PreferenceKey | null> = {
  announcement: "promotionalOffers",
  bonus_code: "promotionalOffers",
  rank_up: "vipStatusChanges",
  race_prize: "wagerRaceUpdates",
  race_prize_paid: "wagerRaceUpdates",
  support_reply: null,
  token_expiring: null,
  account_link: null,
  sync_refused: null,
  giveaway_win: "promotionalOffers",
  // Several a race, by push and in-app only (app/domain/push.ts PUSH_PREFERENCE_OF_NOTIFICATION).
  race_alert: null,
};

/**
 * The admins' operations alerts (the provider token expiring, the provider refusing the sync):
 * e-mailed to every confirmed address of their recipients, whatever the preferences, which are
 * about what the site offers a player.
 */
export const ADMIN_ALERT_KINDS: ReadonlySet<NotificationKind> = new Set([
  "token_expiring",
  "sync_refused",
]);

/** What an unsubscribe page and footer call each preference. */
export const PREFERENCE_EMAIL_NAMES: Record<PreferenceKey, string> = {
  wagerRaceUpdates: "wager race updates",
  vipStatusChanges: "VIP status changes",
  promotionalOffers: "promotional offers",
  monthlyStatements: "monthly statements",
};

/** Attempts at delivering one message before it is marked failed. */
export const MAX_EMAIL_ATTEMPTS = 5;

/** How long a claimed message is left to its sender before another pass may take it again. */
export const EMAIL_CLAIM_LEASE_MS = 5 * 60_000;

/** The first retry waits a minute; each later one twice as long (1, 2, 4, 8 minutes). */
export const EMAIL_RETRY_BASE_MS = 60_000;

/** When a message that failed its `attempts`-th delivery is tried again; null: give up. */
export function nextEmailAttempt(attempts: number, failedAt: Date): Date | null {
  if (attempts >= MAX_EMAIL_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + EMAIL_RETRY_BASE_MS * 2 ** (attempts - 1));
}

/** How long a link to confirm an address works. */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60_000;

/** How long an e-mail's unsubscribe link works (RFC 8058 asks that it keep working for a while). */
export const UNSUBSCRIBE_LINK_TTL_MS = 90 * 24 * 60 * 60_000;

/** A user asking for a second confirmation e-mail within this long gets none. */
export const VERIFICATION_RESEND_GAP_MS = 60_000;

/**
 * The month a statement covers when the job runs at `now`: statements are due from 06:00 UTC on
 * the 1st (for the month before) for a week, so a server down on the 1st catches up. Null
 * outside that window.
 */
export function dueStatementMonth(now: Date): { start: Date; end: Date; key: string } | null {
  const due = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 6);
  const time = now.getTime();
  if (time < due || time >= due + 7 * 24 * 60 * 60_000) return null;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start, end, key: start.toISOString().slice(0, 7) };
}
