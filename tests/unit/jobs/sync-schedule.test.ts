import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSyncSchedule } from "~/jobs/sync-schedule.server";
import type { SyncResult } from "~/jobs/sync.server";
import { logger } from "~/server/logger.server";

const success: SyncResult = {
  outcome: "success",
  source: "demo",
  players: 1,
  skipped: 0,
  changed: 1,
};
const rateLimited = (retryAfterMs?: number): SyncResult => ({
  outcome: "failed",
  source: "provider",
  error: "API rate limit exceeded. Please try again later.",
  rateLimited: true,
  retryAfterMs,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("startSyncSchedule", () => {
  it("runs at start, then the interval after each run ends, never two at once", async () => {
    let running = 0;
    let maxRunning = 0;
    const sync = vi.fn(async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 4000)); // slower than the interval
      running -= 1;
      return success;
    });
    const schedule = startSyncSchedule({ intervalMs: 1000, sync });
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000 + 999);
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sync).toHaveBeenCalledTimes(2);
    expect(maxRunning).toBe(1);
    await vi.advanceTimersByTimeAsync(4000);
    const stopped = schedule.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    await stopped;
    expect(sync).toHaveBeenCalledTimes(2);
  });

  it("honours Retry-After after a 429, else doubles the wait per 429 in a row", async () => {
    const results = [rateLimited(30_000), rateLimited(), rateLimited(), success, success];
    const sync = vi.fn(async () => results.shift() ?? success);
    const schedule = startSyncSchedule({ intervalMs: 1000, sync });
    const callsAfter = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return sync.mock.calls.length;
    };
    expect(await callsAfter(29_999)).toBe(1);
    expect(await callsAfter(1)).toBe(2); // Retry-After: 30 s
    expect(await callsAfter(4000)).toBe(3); // second 429 in a row: 2^2 x 1 s
    expect(await callsAfter(8000)).toBe(4); // third: 2^3 x 1 s
    expect(await callsAfter(1000)).toBe(5); // success: back to the interval
    await schedule.stop();
  });

  it("keeps going after a run that throws", async () => {
    const sync = vi
      .fn<() => Promise<SyncResult>>()
      .mockRejectedValueOnce(new Error("disk full"))
      .mockResolvedValue(success);
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    const schedule = startSyncSchedule({ intervalMs: 1000, sync });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sync).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalled();
    await schedule.stop();
  });

  it("runNow brings the next run forward: at once when idle, right after a run in progress", async () => {
    let finishRun = () => {};
    const sync = vi.fn(
      () =>
        new Promise<SyncResult>((resolve) => {
          finishRun = () => resolve(success);
        }),
    );
    const schedule = startSyncSchedule({ intervalMs: 300_000, sync });
    expect(sync).toHaveBeenCalledTimes(1);
    finishRun();
    await vi.advanceTimersByTimeAsync(0);
    // Idle, the next run 5 minutes away: it starts now.
    schedule.runNow();
    expect(sync).toHaveBeenCalledTimes(2);
    // Running (with settings read before the change): never two at once; one more right after.
    schedule.runNow();
    schedule.runNow();
    expect(sync).toHaveBeenCalledTimes(2);
    finishRun();
    await vi.advanceTimersByTimeAsync(0);
    expect(sync).toHaveBeenCalledTimes(3);
    finishRun();
    // Then the interval again.
    await vi.advanceTimersByTimeAsync(299_999);
    expect(sync).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sync).toHaveBeenCalledTimes(4);
    finishRun();
    await schedule.stop();
    schedule.runNow();
    expect(sync).toHaveBeenCalledTimes(4);
  });
});
