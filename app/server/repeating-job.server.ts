import { logger } from "./logger.server";

/**
 * Runs `pass` now and then every `intervalMs`, one pass at a time (a slow pass delays the next
 * rather than overlapping it). A failed pass is logged under `name` and the job goes on. Returns
 * the function that stops the job and waits for a pass under way.
 */
export function startRepeatingJob(
  name: string,
  intervalMs: number,
  pass: () => Promise<unknown>,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    running = running.then(() =>
      stopped
        ? undefined
        : pass().catch((error: unknown) => logger.error({ err: error }, `${name} failed`)),
    );
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
