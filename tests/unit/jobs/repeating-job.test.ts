import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/server/logger.server";
import { REPEATED_FAILURE_LOG_INTERVAL_MS, startRepeatingJob } from "~/server/repeating-job.server";

// A job that fails every pass the same way (the Telegram bot with a refused token, every 3 s)
// says so once, then once per interval with how often it failed meanwhile, and says when it
// works again; a different failure is logged at once.

const PASS_MS = 3_000;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-28T01:00:00.000Z") });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a repeating job that keeps failing", () => {
  it("logs the same failure once per interval, a new one at once, and its recovery", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const infos = vi.spyOn(logger, "info").mockImplementation(() => {});
    let outcome: () => Promise<void> = () => Promise.reject(new Error("401 Unauthorized"));
    const passes = vi.fn(() => outcome());
    const stop = startRepeatingJob("Telegram bot", PASS_MS, passes);

    await vi.advanceTimersByTimeAsync(PASS_MS * 20);
    expect(passes).toHaveBeenCalledTimes(21);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[1]).toBe("Telegram bot failed");

    // Past the interval, once more, with how many failures went unlogged.
    await vi.advanceTimersByTimeAsync(REPEATED_FAILURE_LOG_INTERVAL_MS);
    expect(errors).toHaveBeenCalledTimes(2);
    expect(errors.mock.calls[1]?.[0]).toMatchObject({
      failedAgainSinceLastLog: expect.any(Number),
    });

    outcome = () => Promise.reject(new Error("getaddrinfo ENOTFOUND api.telegram.org"));
    await vi.advanceTimersByTimeAsync(PASS_MS);
    expect(errors).toHaveBeenCalledTimes(3);

    outcome = () => Promise.resolve();
    await vi.advanceTimersByTimeAsync(PASS_MS * 3);
    expect(
      infos.mock.calls.filter(([message]) => message === "Telegram bot works again"),
    ).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(3);

    // Failing again after it worked is news.
    outcome = () => Promise.reject(new Error("401 Unauthorized"));
    await vi.advanceTimersByTimeAsync(PASS_MS);
    expect(errors).toHaveBeenCalledTimes(4);
    await stop();
  });
});
