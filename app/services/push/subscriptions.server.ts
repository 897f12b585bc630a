import type { PushSubscriptionInput } from "~/domain/push";
import { browserFromUserAgent, deviceFromUserAgent } from "~/domain/user-agent";
import { db } from "~/services/db.server";

/** A device on the user's list: which browser on what, since when. */
export interface PushDevice {
  id: number;
  label: string;
  createdAt: string;
}

/**
 * Keeps a browser's subscription for `userId`. A browser has one endpoint: subscribed again (new
 * keys, or another account signed in on it), its row is updated, so it gets one copy of each push.
 */
export async function savePushSubscription(
  userId: number,
  subscription: PushSubscriptionInput,
  userAgent: string | null,
  now: Date = new Date(),
): Promise<void> {
  const values = {
    user_id: userId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    user_agent: userAgent?.slice(0, 500) ?? null,
    created_at: now.toISOString(),
  };
  await db
    .insertInto("push_subscriptions")
    .values({ endpoint: subscription.endpoint, ...values })
    .onConflict((oc) => oc.column("endpoint").doUpdateSet(values))
    .execute();
}

/** Removes the user's own subscription with this endpoint; false when the user has none. */
export async function removePushSubscriptionByEndpoint(
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes one of the user's own devices (the preferences page's remove form). */
export async function removePushDevice(userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The user's subscribed devices, newest first. */
export async function listPushDevices(userId: number): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "user_agent", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    label: row.user_agent
      ? `${browserFromUserAgent(row.user_agent)} on ${deviceFromUserAgent(row.user_agent)}`
      : "Unknown browser",
    createdAt: row.created_at,
  }));
}
