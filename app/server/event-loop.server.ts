/**
 * Long synchronous work (a 100,000-referral sync) cut into slices, so that requests and timers
 * queued meanwhile run between them: no request waits more than one slice (DESIGN.md budgets).
 */
export const SLICE_MS = 20;

/** Resolves after the I/O callbacks already queued (setImmediate runs after the poll phase). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Tells a loop when its slice is used up; `next()` yields and starts a new slice. */
export function sliceClock(sliceMs = SLICE_MS) {
  let sliceStart = performance.now();
  return {
    due: () => performance.now() - sliceStart >= sliceMs,
    async next() {
      await yieldToEventLoop();
      sliceStart = performance.now();
    },
  };
}
