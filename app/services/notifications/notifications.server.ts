import type { Expression, Selectable } from "kysely";
import type { Database } from "~db/schema";
import { INBOX_PAGE_SIZE } from "~/domain/notifications";
import type { NotificationKind, NotificationView } from "~/domain/notifications";
import { pageWindow } from "~/domain/paging";
import type { PageWindow } from "~/domain/paging";
import { eventBus } from "~/server/domain-event-bus.server";
import { db } from "~/services/db.server";
import type { Executor } from "~/services/db.server";
import { enqueueNotificationEmails } from "~/services/email/notification-emails.server";
import { enqueueNotificationPushes } from "~/services/push/outbox.server";

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  message: string;
  /** The race a race notification is about: a user is told once per race and kind. */
  raceId?: number | null;
  /** The admin broadcast it is part of (notification-broadcasts.server.ts). */
  broadcastId?: number | null;
}

/**
 * Rows per INSERT: 8 values each stays far below SQLite's limit on bound parameters, however
 * many users a broadcast reaches.
 */
const INSERT_CHUNK = 500;

const COLUMNS = [
  "id",
  "user_id",
  "kind",
  "title",
  "message",
  "race_id",
  "created_at",
  "read_at",
] as const;

function toView(
  row: Pick<Selectable<Database["notifications"]>, (typeof COLUMNS)[number]>,
): NotificationView {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind as NotificationKind,
    title: row.title,
    message: row.message,
    raceId: row.race_id,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/**
 * The one way to tell users something: inserts their notifications inside the caller's
 * transaction (so a failed change tells nobody) and returns the rows written. A notification the
 * database already holds (same user, race and kind) is skipped. After the transaction commits,
 * hand the result to announceNotifications so open pages learn of them. The e-mail copies (for
 * users with the kind's preference on and a confirmed address) and the push copies (to each device
 * of users with it on) are queued in the same transaction.
 */
export async function addNotifications(
  executor: Executor,
  notifications: readonly NewNotification[],
  now: Date = new Date(),
): Promise<NotificationView[]> {
  const createdAt = now.toISOString();
  const written: NotificationView[] = [];
  for (let start = 0; start < notifications.length; start += INSERT_CHUNK) {
    const rows = await executor
      .insertInto("notifications")
      .values(
        notifications.slice(start, start + INSERT_CHUNK).map((n) => ({
          user_id: n.userId,
          kind: n.kind,
          title: n.title,
          message: n.message,
          race_id: n.raceId ?? null,
          broadcast_id: n.broadcastId ?? null,
          created_at: createdAt,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning([...COLUMNS])
      .execute();
    written.push(...rows.map(toView));
  }
  await enqueueNotificationEmails(executor, written, now);
  await enqueueNotificationPushes(executor, written, now);
  return written;
}

/** Publishes committed notifications on the event bus (live inboxes and unread counts). */
export async function announceNotifications(notifications: NotificationView[]): Promise<void> {
  if (notifications.length === 0) return;
  await eventBus.publish("notifications.created", { notifications });
}

/** How many of a user's notifications are unread (the account menu's figure, every page). */
export async function unreadCount(userId: number): Promise<number> {
  const { n } = await unreadCountQuery(userId).executeTakeFirstOrThrow();
  return Number(n);
}

/** unreadCount's query, one column (a scalar subquery of the header's figures). */
export function unreadCountQuery(userId: number | Expression<number>) {
  return db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null);
}

/** unreadCount of several users at once (those with a page open when notifications arrive). */
export async function unreadCounts(userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  const ids = [...counts.keys()];
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    const rows = await db
      .selectFrom("notifications")
      .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("user_id", "in", ids.slice(start, start + INSERT_CHUNK))
      .where("read_at", "is", null)
      .groupBy("user_id")
      .execute();
    for (const row of rows) counts.set(row.user_id, Number(row.n));
  }
  return counts;
}

export interface Inbox {
  notifications: NotificationView[];
  window: PageWindow;
  total: number;
  unread: number;
}

/** One page of a user's inbox, newest first. */
export async function listNotifications(
  userId: number,
  requestedPage: string | null,
): Promise<Inbox> {
  const own = db.selectFrom("notifications").where("user_id", "=", userId);
  const [{ n }, unread] = await Promise.all([
    own.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    unreadCount(userId),
  ]);
  const total = Number(n);
  const window = pageWindow(requestedPage, total, INBOX_PAGE_SIZE);
  const rows = await own
    .select([...COLUMNS])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { notifications: rows.map(toView), window, total, unread };
}

/** One of the user's own notifications; null for another user's or a missing one. */
export async function findNotification(
  userId: number,
  id: number,
): Promise<NotificationView | null> {
  const row = await db
    .selectFrom("notifications")
    .select([...COLUMNS])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * Marks one of the user's own notifications read (a read one keeps its first read time). False
 * when the user has no such notification.
 */
export async function markRead(
  userId: number,
  id: number,
  now: Date = new Date(),
): Promise<boolean> {
  await db
    .updateTable("notifications")
    .set({ read_at: now.toISOString() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .execute();
  return (await findNotification(userId, id)) !== null;
}

/** Marks every unread notification of the user read; returns how many were. */
export async function markAllRead(userId: number, now: Date = new Date()): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
