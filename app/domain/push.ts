import { z } from "zod";
import type { PreferenceKey } from "./account-forms";
import { EMAIL_PREFERENCE_OF_NOTIFICATION } from "./email";
import type { NotificationKind, NotificationView } from "./notifications";

/**
 * Web push (issue 33, docs/decisions/0077): what a browser's PushSubscription must look like to be
 * kept, and what a push message carries. Push services speak HTTPS only; the keys are RFC 8291's
 * (an uncompressed P-256 point and a 16-byte secret, base64url).
 */

export const PUSH_ENDPOINT_INVALID = "The subscription's endpoint must be an https:// URL.";
export const PUSH_KEYS_INVALID =
  "The subscription's keys must be base64url: p256dh a P-256 public key, auth 16 bytes.";
export const PUSH_SUBSCRIPTION_SAVED = "Push notifications are on for this device.";
export const PUSH_SUBSCRIPTION_REMOVED = "Push notifications are off for this device.";
export const PUSH_SUBSCRIPTION_NOT_FOUND = "You have no push subscription with this endpoint.";

const MAX_ENDPOINT_LENGTH = 2048;

function base64urlBytes(value: string): number | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  return Buffer.from(value, "base64url").length;
}

const endpointSchema = z
  .string({ error: PUSH_ENDPOINT_INVALID })
  .max(MAX_ENDPOINT_LENGTH, PUSH_ENDPOINT_INVALID)
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, PUSH_ENDPOINT_INVALID);

/** A browser's PushSubscription.toJSON(): `{endpoint, keys: {p256dh, auth}}` (expirationTime ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    {
      // 65 bytes: 0x04 then the point's two 32-byte coordinates.
      p256dh: z
        .string({ error: PUSH_KEYS_INVALID })
        .refine(
          (value) => base64urlBytes(value) === 65 && Buffer.from(value, "base64url")[0] === 4,
          PUSH_KEYS_INVALID,
        ),
      auth: z
        .string({ error: PUSH_KEYS_INVALID })
        .refine((value) => base64urlBytes(value) === 16, PUSH_KEYS_INVALID),
    },
    { error: PUSH_KEYS_INVALID },
  ),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: `{endpoint}`. */
export const pushEndpointSchema = z.object({ endpoint: endpointSchema });

/**
 * The preference that sends a notification kind by push: the one that e-mails it, and the race
 * alerts (wagerRaceUpdates), which come too often for e-mail.
 */
export const PUSH_PREFERENCE_OF_NOTIFICATION: Record<NotificationKind, PreferenceKey | null> = {
  ...EMAIL_PREFERENCE_OF_NOTIFICATION,
  race_alert: "wagerRaceUpdates",
};

/** What the service worker receives (JSON) and shows: a title, a line, and where a click goes. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** A notification's push: its title and message, opening it in the inbox (a site path). */
export function notificationPush(notification: NotificationView): PushPayload {
  return {
    title: notification.title,
    body: notification.message,
    url: `/notifications/${notification.id}`,
  };
}

/** A push service answering these says the subscription is gone for good (RFC 8030 §7.3). */
export function isSubscriptionGone(statusCode: number | undefined): boolean {
  return statusCode === 404 || statusCode === 410;
}
