/**
 * What a user's in-app inbox holds (docs/product.md §P3): one kind per thing the site tells a
 * user. Services create them through addNotifications (app/services/notifications/notifications.server.ts).
 */
export const NOTIFICATION_KINDS = [
  "race_prize",
  "race_prize_paid",
  "announcement",
  "rank_up",
  "bonus_code",
  "support_reply",
  "token_expiring",
  "account_link",
  "sync_refused",
  "giveaway_win",
  "race_alert",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification as stored and as the inbox, the API and the live push show it. */
export interface NotificationView {
  id: number;
  userId: number;
  kind: NotificationKind;
  title: string;
  message: string;
  raceId: number | null;
  createdAt: string;
  readAt: string | null;
}

/** A user's inbox shows this many notifications a page. */
export const INBOX_PAGE_SIZE = 20;

/**
 * Who an admin's broadcast goes to (docs/product.md §A2 "Notifications"): every user who may
 * sign in, or only those who asked for promotional offers (the default: an announcement is a
 * promotional message, and a user who turned those off did not ask for it).
 */
export const NOTIFICATION_AUDIENCES = ["promotional", "all"] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
export const DEFAULT_AUDIENCE: NotificationAudience = "promotional";

export const AUDIENCE_LABELS: Record<NotificationAudience, string> = {
  promotional: "Users with promotional offers on",
  all: "All users",
};

export function isNotificationAudience(value: string): value is NotificationAudience {
  return (NOTIFICATION_AUDIENCES as readonly string[]).includes(value);
}

/** docs/product.md §A8: the admin form's and the API's toasts and messages. */
export const NOTIFICATION_SENT = {
  title: "Success",
  description: "Notification sent successfully",
};
export const NOTIFICATION_FAILED = "Failed to send notification";
export const NO_RECIPIENTS_MESSAGE = "No user matches this audience, so nothing was sent.";
