import { purgeExpiredSessions } from "~/services/sessions.server";

/**
 * Expired sessions no longer sign anyone in, so the purge only keeps the table small: hourly is
 * plenty.
 */
export const SESSION_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * Purges expired sessions now and then every interval, one pass at a time. Returns the function
 * that stops it and waits for a pass under way.
 */
export function startSessionPurge({ intervalMs = SESSION_PURGE_INTERVAL_MS } = {}) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const purged = await purgeExpiredSessions();
        if (purged > 0) console.log(`Session purge: ${purged} expired sessions deleted`);
      } catch (error: unknown) {
        console.error("session purge failed", error);
      }
    });
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return async function stop() {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
