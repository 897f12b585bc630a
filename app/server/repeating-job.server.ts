import { logger } from "./logger.server";

/** How often a job failing the same way says so again: a refused token must not log every pass. */
export const REPEATED_FAILURE_LOG_INTERVAL_MS = 10 * 60_000;

/**
 * Runs `pass` now and then every `intervalMs`, one pass at a time (a slow pass delays the next
 * rather than overlapping it). A failed pass is logged under `name` and the job goes on; the same
 * failure again is logged once per REPEATED_FAILURE_LOG_INTERVAL_MS with how often it happened,
 * and the first pass that works after failures says the job recovered. Returns the function that
 * stops the job and waits for a pass under way.
 */
export function startRepeatingJob(
  name: string,
  intervalMs: number,
  pass: () => Promise<unknown>,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let failing: { message: string; loggedAt: number; unlogged: number } | null = null;
  const failed = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const now = Date.now();
    if (failing?.message === message && now - failing.loggedAt < REPEATED_FAILURE_LOG_INTERVAL_MS) {
      failing.unlogged += 1;
      return;
    }
    const repeats = failing?.message === message ? failing.unlogged : 0;
    logger.error(
      { err: error, ...(repeats > 0 ? { failedAgainSinceLastLog: repeats } : {}) },
      `${name} failed`,
    );
    failing = { message, loggedAt: now, unlogged: 0 };
  };
  const succeeded = () => {
    if (failing) logger.info(`${name} works again`);
    failing = null;
  };
  const schedule = () => {
    running = running.then(() => (stopped ? undefined : pass().then(succeeded, failed)));
  };
  schedule();
  const timer = setInterval(schedule, intervalMs);
  timer.unref();
  return async function stop() {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
