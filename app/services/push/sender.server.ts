import type { Agent } from "node:https";
import webpush from "web-push";
import type { PushSender } from "./outbox.server";
import { vapidKeys, vapidSubject } from "./vapid.server";

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** A push service that does not answer within this long is tried again later. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends through web-push: the payload encrypted aes128gcm (RFC 8291) to the subscription's keys,
 * signed with the site's VAPID key (RFC 8292). `agent` is for tests' loopback push services.
 */
export function webPushSender({ agent }: { agent?: Agent } = {}): PushSender {
  return {
    async send(target, payload) {
      const { publicKey, privateKey } = await vapidKeys();
      await webpush.sendNotification(target, payload, {
        vapidDetails: { subject: vapidSubject(), publicKey, privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: "aes128gcm",
        timeout: PUSH_TIMEOUT_MS,
        agent,
      });
    },
  };
}
