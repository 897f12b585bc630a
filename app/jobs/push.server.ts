import { logger } from "~/server/logger.server";
import { startRepeatingJob } from "~/server/repeating-job.server";
import { drainPushOutbox } from "~/services/push/outbox.server";
import type { PushSender } from "~/services/push/outbox.server";
import { webPushSender } from "~/services/push/sender.server";

/** How often the push outbox is drained: a queued push leaves within this long. */
export const PUSH_OUTBOX_INTERVAL_MS = 5_000;

/** The push job: drains the push outbox through web-push. Returns the function that stops it. */
export function startPushJob({
  sender = webPushSender(),
  intervalMs = PUSH_OUTBOX_INTERVAL_MS,
}: { sender?: PushSender; intervalMs?: number } = {}) {
  return startRepeatingJob("push outbox", intervalMs, async () => {
    const { sent, retried, failed, expired } = await drainPushOutbox(sender);
    if (sent + retried + failed + expired > 0) {
      logger.info(
        { sent, retried, failed, expired },
        `Push outbox: ${sent} sent, ${retried} to retry, ${failed} failed, ${expired} gone`,
      );
    }
  });
}
