import type { SyncResult } from "./sync.server";
import { logger } from "~/server/logger.server";

/** After rate limiting without a Retry-After, the wait doubles per 429 up to this. */
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Runs `sync` now and then `intervalMs` after each run ends (so never two at once). A 429 waits for
 * its Retry-After, or doubles the wait per consecutive 429, if that is longer than the interval.
 * `stop()` cancels the next run and waits for one in progress. `runNow()` brings the next run
 * forward: at once when none is running, else right after the one running (which may have read
 * the settings that just changed).
 */
export function startSyncSchedule({
  intervalMs,
  sync,
  onResult = () => {},
}: {
  intervalMs: number;
  sync: () => Promise<SyncResult>;
  onResult?: (result: SyncResult) => void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let rateLimitedRuns = 0;
  let runAgain = false;

  const delayAfter = (result: SyncResult): number => {
    if (result.outcome === "failed" && result.rateLimited) {
      rateLimitedRuns += 1;
      const backoff =
        result.retryAfterMs ?? Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** rateLimitedRuns);
      return Math.max(intervalMs, backoff);
    }
    rateLimitedRuns = 0;
    return intervalMs;
  };

  const tick = () => {
    running = sync()
      .then((result) => {
        onResult(result);
        return delayAfter(result);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "sync: the run failed unexpectedly");
        return intervalMs;
      })
      .then((delay) => {
        running = null;
        const again = runAgain;
        runAgain = false;
        if (!stopped) timer = setTimeout(tick, again ? 0 : delay);
      });
  };
  tick();

  return {
    runNow() {
      if (stopped) return;
      if (running) {
        runAgain = true;
        return;
      }
      clearTimeout(timer);
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
