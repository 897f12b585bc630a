import { describe, expect, it } from "vitest";
import { mainThreadTasks } from "../../../bench/main-thread";

const URL = "http://localhost:3990/leaderboard";
const PAGE = { pid: 20, tid: 20 };
const event = (name: string, at: number, ms: number, thread = PAGE, cpuMs = ms / 2) => ({
  name,
  ph: "X",
  ...thread,
  ts: at * 1000,
  dur: ms * 1000,
  tdur: cpuMs * 1000,
});
const task = (at: number, ms: number, thread = PAGE, cpuMs = ms / 2) =>
  event("RunTask", at, ms, thread, cpuMs);
/** The page's document parsed at 500 ms. */
const PARSE = {
  name: "ParseHTML",
  ph: "X",
  ...PAGE,
  ts: 500_000,
  dur: 2_000,
  args: { beginData: { url: URL } },
};

describe("mainThreadTasks", () => {
  it("reads the longest task and the blocking time of the page's renderer main thread", () => {
    const events = [
      // about:blank's unload on the same renderer, before the page: not the page's.
      task(0, 400),
      PARSE,
      task(499, 30),
      task(600, 120),
      task(900, 50),
      task(1_200, 75.5),
      // Its wall time stretched by the machine's load; its thread CPU time was not.
      task(1_400, 100, PAGE, 60),
      // Another renderer (a browser page) and another thread of the page's renderer.
      task(700, 900, { pid: 30, tid: 30 }),
      task(800, 900, { pid: 20, tid: 21 }),
    ];
    expect(mainThreadTasks(events, URL)).toEqual({
      longestMs: 120,
      blockingMs: 70 + 25.5 + 50,
      longestCpuMs: 60,
      blockingCpuMs: 10 + 10,
      fontSetupCpuMs: 0,
      fontStrikes: 0,
    });
  });

  it("reads the font setup of the page's main thread, a fallback family's inside it once", () => {
    const setup = (at: number, ms: number, cpuMs: number, thread = PAGE) =>
      event("FontCache::GetFontPlatformData", at, ms, thread, cpuMs);
    const strike = (at: number, thread = PAGE) =>
      event("WebSandboxSupportLinux::GetWebFontRenderStyleForStrike", at, 1, thread);
    const events = [
      PARSE,
      // Before the page's document: about:blank's.
      setup(100, 10, 8),
      strike(101),
      // One font set up with its fallback family's inside (same start, two nested calls).
      setup(600, 20, 12),
      setup(600, 20, 12),
      setup(605, 5, 4),
      strike(606),
      // Another, after it.
      setup(700, 6, 3),
      strike(701),
      // Another thread's.
      setup(800, 50, 40, { pid: 20, tid: 21 }),
      strike(801, { pid: 20, tid: 21 }),
    ];
    expect(mainThreadTasks(events, URL)).toMatchObject({ fontSetupCpuMs: 15, fontStrikes: 2 });
  });

  it("fails when the trace does not hold the page's document", () => {
    expect(() => mainThreadTasks([task(0, 10)], URL)).toThrow(/no ParseHTML/);
  });
});
