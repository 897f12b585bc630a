import type { SyncResult } from "./sync.server";
import { logger } from "~/lib/logger.server";

/** After rate limiting without a Retry-After, the wait doubles per 429 up to this. */
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Runs `sync` now and then `intervalMs` after each run ends (so never two at once). A 429 waits for
 * its Retry-After, or doubles the wait per consecutive 429, if that is longer than the interval.
 * `stop()` cancels the next run and waits for one in progress.
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
        if (!stopped) timer = setTimeout(tick, delay);
      });
  };
  tick();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
