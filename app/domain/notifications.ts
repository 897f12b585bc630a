/**
 * What a user's in-app inbox holds (docs/product.md §P3): one kind per thing the site tells a
 * user. Services create them through addNotifications (app/services/notifications.server.ts).
 */
export const NOTIFICATION_KINDS = [
  "race_prize",
  "announcement",
  "rank_up",
  "bonus_code",
  "support_reply",
  "token_expiring",
  "account_link",
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
