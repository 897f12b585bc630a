import { auditSubject } from "~/domain/audit";
import { announcementPost } from "~/domain/community-channels";
import type { BroadcastInput } from "~/domain/notification-broadcast";
import { isNotificationAudience, NOTIFICATION_AUDIENCES } from "~/domain/notifications";
import type { NotificationAudience } from "~/domain/notifications";
import { pageWindow } from "~/domain/paging";
import type { PageWindow } from "~/domain/paging";
import type { AuditActor } from "~/services/admin/audit.server";
import { recordAudit } from "~/services/admin/audit.server";
import { enqueueChannelPosts } from "./community-channels.server";
import { db } from "~/services/db.server";
import type { Executor } from "~/services/db.server";
import { addNotifications, announceNotifications } from "./notifications.server";

/**
 * Admin broadcasts (docs/product.md §A2 "Notifications"): one announcement notification in the
 * inbox of every user of the chosen audience, recorded with who sent it and how many got it.
 */

export interface BroadcastView {
  id: number;
  createdAt: string;
  sentBy: string;
  title: string;
  message: string;
  audience: NotificationAudience;
  /** Inboxes it reached. */
  delivered: number;
  /** E-mails sent for it (outbox rows sent, tied through their notification's broadcast_id). */
  emailed: number;
}

/** The users a broadcast to `audience` reaches: accounts that may sign in (not disabled). */
function recipients(executor: Executor, audience: NotificationAudience) {
  // A user who never saved preferences has promotional offers off (preferences.server.ts).
  const query = executor
    .selectFrom("users")
    .select("users.id")
    .where("users.disabled_at", "is", null);
  return audience === "all"
    ? query
    : query
        .innerJoin("notification_preferences", "notification_preferences.user_id", "users.id")
        .where("notification_preferences.promotional_offers", "=", 1);
}

/** How many users each audience reaches now (the form's choices say so). */
export async function audienceSizes(): Promise<Record<NotificationAudience, number>> {
  const sizes = await Promise.all(
    NOTIFICATION_AUDIENCES.map(async (audience) => {
      const { n } = await db
        .selectFrom(recipients(db, audience).as("r"))
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return [audience, Number(n)] as const;
    }),
  );
  return Object.fromEntries(sizes) as Record<NotificationAudience, number>;
}

export type SendOutcome = { sent: BroadcastView } | { noRecipients: true };

/**
 * Sends a broadcast: the broadcast row, one notification per recipient, the community channels'
 * post and the audit row in one transaction, then the live push once it has committed. `noRecipients` (and nothing written)
 * when the audience is empty.
 */
export async function sendBroadcast(
  input: BroadcastInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<SendOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    const users = await recipients(trx, input.audience).execute();
    if (users.length === 0) return null;
    const broadcast = await trx
      .insertInto("notification_broadcasts")
      .values({
        created_at: now.toISOString(),
        sent_by: actor.userId,
        sent_by_username: actor.username,
        title: input.title,
        message: input.message,
        audience: input.audience,
        delivered_count: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const notifications = await addNotifications(
      trx,
      users.map((user) => ({
        userId: user.id,
        kind: "announcement" as const,
        title: input.title,
        message: input.message,
        broadcastId: broadcast.id,
      })),
      now,
    );
    await trx
      .updateTable("notification_broadcasts")
      .set({ delivered_count: notifications.length })
      .where("id", "=", broadcast.id)
      .execute();
    await enqueueChannelPosts(
      trx,
      "announcement",
      announcementPost(input.title, input.message),
      `announcement:${broadcast.id}`,
      now,
    );
    await recordAudit(
      trx,
      {
        actor,
        kind: "notification.sent",
        subject: auditSubject("broadcast", broadcast.id),
        before: null,
        after: { ...input, delivered: notifications.length },
      },
      now,
    );
    const sent: BroadcastView = {
      id: broadcast.id,
      createdAt: now.toISOString(),
      sentBy: actor.username,
      ...input,
      delivered: notifications.length,
      // Its e-mails are queued in this transaction; the outbox job sends them.
      emailed: 0,
    };
    return { sent, notifications };
  });
  if (!outcome) return { noRecipients: true };
  await announceNotifications(outcome.notifications);
  return { sent: outcome.sent };
}

/** One page of the broadcasts sent, newest first. */
export async function listBroadcasts(
  requestedPage: string | null,
): Promise<{ broadcasts: BroadcastView[]; window: PageWindow; total: number }> {
  const { n } = await db
    .selectFrom("notification_broadcasts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(requestedPage, total);
  const rows = await db
    .selectFrom("notification_broadcasts")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const emailed = await emailedCounts(rows.map((row) => row.id));
  const broadcasts = rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    sentBy: row.sent_by_username,
    title: row.title,
    message: row.message,
    audience: isNotificationAudience(row.audience) ? row.audience : "all",
    delivered: row.delivered_count,
    emailed: emailed.get(row.id) ?? 0,
  }));
  return { broadcasts, window, total };
}

/** How many e-mails of each broadcast the outbox has sent. */
async function emailedCounts(broadcastIds: number[]): Promise<Map<number, number>> {
  if (broadcastIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("email_outbox")
    .innerJoin("notifications", "notifications.id", "email_outbox.notification_id")
    .select(["notifications.broadcast_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("notifications.broadcast_id", "in", broadcastIds)
    .where("email_outbox.status", "=", "sent")
    .groupBy("notifications.broadcast_id")
    .execute();
  return new Map(rows.map((row) => [row.broadcast_id as number, Number(row.n)]));
}

/** Broadcasts sent since the start of `now`'s UTC month (the admin panel's card). */
export async function broadcastsThisMonth(now: Date = new Date()): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { n } = await db
    .selectFrom("notification_broadcasts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", ">=", monthStart.toISOString())
    .executeTakeFirstOrThrow();
  return Number(n);
}
