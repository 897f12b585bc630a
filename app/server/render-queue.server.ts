/** Refused at once: `running` tasks run and `waiting` more wait already. */
export class RenderQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Busy drawing other images: try again in ${retryAfterSeconds} seconds`);
    this.name = "RenderQueueFull";
  }
}

/**
 * At most `running` tasks at a time and `waiting` more in line, first come first served; past
 * that a task is refused with RenderQueueFull (a 503 with Retry-After), so CPU-heavy work asked
 * for faster than it is done costs a bounded amount of memory and time rather than piling up.
 */
export function renderQueue({
  running,
  waiting,
  retryAfterSeconds,
}: {
  running: number;
  waiting: number;
  retryAfterSeconds: number;
}) {
  let active = 0;
  const line: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < running) {
        active += 1;
      } else {
        if (line.length >= waiting) throw new RenderQueueFull(retryAfterSeconds);
        // The finishing task hands its place over: `active` stays as it is.
        await new Promise<void>((resolve) => line.push(resolve));
      }
      try {
        return await task();
      } finally {
        const next = line.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
