import { purgeExpiredSessions } from "~/services/sessions.server";
import { startRepeatingJob } from "~/lib/repeating-job.server";
import { logger } from "~/lib/logger.server";

/**
 * Expired sessions no longer sign anyone in, so the purge only keeps the table small: hourly is
 * plenty.
 */
export const SESSION_PURGE_INTERVAL_MS = 60 * 60_000;

/** Purges expired sessions now and then every interval; returns the function that stops it. */
export function startSessionPurge({ intervalMs = SESSION_PURGE_INTERVAL_MS } = {}) {
  return startRepeatingJob("session purge", intervalMs, async () => {
    const purged = await purgeExpiredSessions();
    if (purged > 0) logger.info(`Session purge: ${purged} expired sessions deleted`);
  });
}
