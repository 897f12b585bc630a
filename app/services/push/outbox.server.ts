import type { PreferenceKey } from "~/domain/account-forms";
import type { NotificationView } from "~/domain/notifications";
import {
  PUSH_PREFERENCE_OF_NOTIFICATION,
  isSubscriptionGone,
  notificationPush,
} from "~/domain/push";
import type { PushPayload } from "~/domain/push";
import { db } from "~/services/db.server";
import {
  abandonInterrupted,
  claim,
  dueIds,
  errorText,
  markSent,
  recordFailure,
} from "~/services/notifications/outbox.server";
import { preferenceIsOn } from "~/services/email/outbox.server";
import type { Executor } from "~/services/db.server";

/**
 * The push outbox (docs/decisions/0077), the e-mail outbox's twin (docs/decisions/0025): a push is
 * queued per subscribed device inside the transaction of the change it tells about, and the push
 * job sends it. Each is claimed with a guarded UPDATE before it is sent, failures wait as e-mails
 * do (1, 2, 4, 8 minutes, then failed), and a push service answering 404 or 410 removes the
 * subscription (its queued pushes go with it).
 */

export interface OutgoingPush {
  subscriptionId: number;
  notificationId?: number;
  payload: PushPayload;
}

/** Queues pushes in the caller's transaction; returns how many were queued. */
export async function enqueuePushes(
  executor: Executor,
  pushes: readonly OutgoingPush[],
  now: Date = new Date(),
): Promise<number> {
  const stamp = now.toISOString();
  let queued = 0;
  // SQLite caps bound parameters per statement; 7 columns × 500 rows stays well under it.
  for (let i = 0; i < pushes.length; i += 500) {
    const result = await executor
      .insertInto("push_outbox")
      .values(
        pushes.slice(i, i + 500).map((push) => ({
          subscription_id: push.subscriptionId,
          notification_id: push.notificationId ?? null,
          payload: JSON.stringify(push.payload),
          status: "queued" as const,
          attempts: 0,
          next_attempt_at: stamp,
          created_at: stamp,
        })),
      )
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return queued;
}

/**
 * The subscriptions of `userIds` that get pushes under `preference`: enabled accounts with the
 * preference on (or never saved and on by default), as e-mail decides it.
 */
export async function pushSubscriptionsUnder(
  executor: Executor,
  preference: PreferenceKey,
  userIds: readonly number[],
): Promise<{ id: number; userId: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await executor
    .selectFrom("push_subscriptions as s")
    .innerJoin("users", "users.id", "s.user_id")
    .leftJoin("notification_preferences as p", "p.user_id", "s.user_id")
    .select(["s.id", "s.user_id"])
    .where("users.disabled_at", "is", null)
    .where(preferenceIsOn(preference), "=", 1)
    .where("s.user_id", "in", userIds)
    .orderBy("s.id")
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id }));
}

/**
 * The push copies of in-app notifications, queued by addNotifications in its transaction: a kind
 * that a preference governs (PUSH_PREFERENCE_OF_NOTIFICATION) goes to every device of its users
 * who have that preference on. Returns how many were queued.
 */
export async function enqueueNotificationPushes(
  executor: Executor,
  notifications: readonly NotificationView[],
  now: Date,
): Promise<number> {
  const byPreference = new Map<PreferenceKey, NotificationView[]>();
  for (const n of notifications) {
    const preference = PUSH_PREFERENCE_OF_NOTIFICATION[n.kind];
    if (preference) byPreference.set(preference, [...(byPreference.get(preference) ?? []), n]);
  }
  const pushes: OutgoingPush[] = [];
  for (const [preference, entries] of byPreference) {
    const userIds = [...new Set(entries.map((n) => n.userId))];
    // Chunked: a broadcast reaches every user, and `in (...)` binds one parameter each.
    for (let i = 0; i < userIds.length; i += 500) {
      const subscriptions = await pushSubscriptionsUnder(
        executor,
        preference,
        userIds.slice(i, i + 500),
      );
      const devices = new Map<number, number[]>();
      for (const s of subscriptions)
        devices.set(s.userId, [...(devices.get(s.userId) ?? []), s.id]);
      for (const n of entries) {
        for (const subscriptionId of devices.get(n.userId) ?? []) {
          pushes.push({ subscriptionId, notificationId: n.id, payload: notificationPush(n) });
        }
      }
    }
  }
  return enqueuePushes(executor, pushes, now);
}

/** Where a push goes: the subscription as the browser gave it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSender {
  /** Encrypts and posts `payload`; throws on failure, with the push service's `statusCode` if any. */
  send(target: PushTarget, payload: string): Promise<void>;
}

export interface PushDrainResult {
  sent: number;
  retried: number;
  failed: number;
  /** Subscriptions the push service said are gone (404/410), removed. */
  expired: number;
}

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("statusCode" in error)) return undefined;
  return typeof error.statusCode === "number" ? error.statusCode : undefined;
}

/** web-push's errors say "Received unexpected response code": the status says what happened. */
function describeFailure(error: unknown): string {
  const status = statusCodeOf(error);
  return status === undefined ? errorText(error) : `HTTP ${status}: ${errorText(error)}`;
}

/**
 * One pass over the due pushes: claim each, send it, record the outcome. `now` is read at each
 * step, so a test's clock decides what is due.
 */
export async function drainPushOutbox(
  sender: PushSender,
  { now = () => new Date(), limit = 100 }: { now?: () => Date; limit?: number } = {},
): Promise<PushDrainResult> {
  const result: PushDrainResult = { sent: 0, retried: 0, failed: 0, expired: 0 };
  result.failed += await abandonInterrupted("push_outbox", now());
  for (const id of await dueIds("push_outbox", now(), limit)) {
    const push = await claim("push_outbox", id, now());
    if (!push) continue;
    const subscription = await db
      .selectFrom("push_subscriptions")
      .select(["endpoint", "p256dh", "auth"])
      .where("id", "=", push.subscription_id)
      .executeTakeFirst();
    if (!subscription) continue;
    const target = {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    };
    try {
      await sender.send(target, push.payload);
      await markSent("push_outbox", id, now());
      result.sent += 1;
    } catch (error) {
      if (isSubscriptionGone(statusCodeOf(error))) {
        // Its queued pushes, this one included, go with it.
        await db.deleteFrom("push_subscriptions").where("id", "=", push.subscription_id).execute();
        result.expired += 1;
        continue;
      }
      result[await recordFailure("push_outbox", push, describeFailure(error), now())] += 1;
    }
  }
  return result;
}
