import type { Kysely, Transaction } from "kysely";
import type { Database } from "~db/schema";
import type { NotificationKind, NotificationView } from "~/domain/notifications";
import { eventBus } from "~/lib/event-bus.server";
import { enqueueNotificationEmails } from "./email/notification-emails.server";

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  message: string;
  /** The race a race notification is about: a user is told once per race and kind. */
  raceId?: number | null;
}

/**
 * The one way to tell users something: inserts their notifications inside the caller's
 * transaction (so a failed change tells nobody) and returns the rows written. A notification the
 * database already holds (same user, race and kind) is skipped. After the transaction commits,
 * hand the result to announceNotifications so open pages learn of them. The e-mail copies (for
 * users with the kind's preference on and a confirmed address) are queued in the same transaction.
 */
export async function addNotifications(
  executor: Kysely<Database> | Transaction<Database>,
  notifications: readonly NewNotification[],
  now: Date = new Date(),
): Promise<NotificationView[]> {
  if (notifications.length === 0) return [];
  const createdAt = now.toISOString();
  const rows = await executor
    .insertInto("notifications")
    .values(
      notifications.map((n) => ({
        user_id: n.userId,
        kind: n.kind,
        title: n.title,
        message: n.message,
        race_id: n.raceId ?? null,
        created_at: createdAt,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(["id", "user_id", "kind", "title", "message", "race_id", "created_at"])
    .execute();
  const created = rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    kind: row.kind as NotificationKind,
    title: row.title,
    message: row.message,
    raceId: row.race_id,
    createdAt: row.created_at,
    readAt: null,
  }));
  await enqueueNotificationEmails(executor, created, now);
  return created;
}

/** Publishes committed notifications on the event bus (live inboxes and unread counts). */
export async function announceNotifications(notifications: NotificationView[]): Promise<void> {
  if (notifications.length === 0) return;
  await eventBus.publish("notifications.created", { notifications });
}
