// The main thread on a slow phone (issue 35), for bench/run.ts: each page in Debian's Chromium with
// the CPU slowed 6x (DevTools `Emulation.setCPUThrottlingRate`) on the 400 kbit/s link, traced from
// the navigation to network idle. Unlike Lighthouse's simulation, the slowdown is applied to the
// page as it runs, and the figures are the trace's own tasks: the longest one, and the total
// blocking time (each task's time over 50 ms, summed). The median of 5 runs per page.
import type { Browser, CDPSession, Request } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { openDatabase } from "../db";
import { insertSession, insertUser } from "../tests/factories";
import type { ServerBenchDeps } from "./blocking";
import { median } from "./format";
import { referralPayload } from "./payload";

const CPU_SLOWDOWN = 6;
const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 5);
const MAX_TASK_MS = 200;
const MAX_TBT_MS = 600;
/** A task longer than this blocks input; its time beyond it is blocking time (as Lighthouse). */
const BLOCKING_AFTER_MS = 50;

type Who = "visitor" | "member" | "admin";
const PAGES: { path: string; who: Who }[] = [
  { path: "/", who: "visitor" },
  { path: "/leaderboard", who: "visitor" },
  { path: "/wager-races", who: "visitor" },
  { path: "/profile", who: "member" },
  { path: "/admin", who: "admin" },
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event. */
  tdur?: number;
  args?: { beginData?: { url?: string } };
}

export interface MainThreadTasks {
  longestMs: number;
  blockingMs: number;
  /**
   * The same two figures from each task's thread CPU time. Chromium throttles the CPU by keeping
   * the main thread busy, so at 6x a task's CPU time is about its wall time on an idle core: on a
   * loaded machine, where the wall time stretches with the load, these compare runs
   * (docs/decisions/0103).
   */
  longestCpuMs: number;
  blockingCpuMs: number;
  /**
   * The thread CPU time of setting up the page's fonts (Blink's `FontCache::GetFontPlatformData`,
   * each call not inside another), and how many font strikes (family, size, bold, italic) it asked
   * the browser for: a fixed cost of every distinct font the first layouts meet
   * (docs/decisions/0104).
   */
  fontSetupCpuMs: number;
  fontStrikes: number;
}

const FONT_SETUP = "FontCache::GetFontPlatformData";
/** Linux: one synchronous request to the browser per new strike (its hinting and antialiasing). */
const FONT_STRIKE = "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike";

/**
 * The tasks of the renderer main thread that loaded `url`: the longest, and the sum of each one's
 * time over 50 ms, in wall time and in thread CPU time.
 */
export function mainThreadTasks(events: TraceEvent[], url: string): MainThreadTasks {
  // The document's parse names the renderer that loaded it; its main thread runs the page.
  const parse = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url === url);
  if (!parse) throw new Error(`no ParseHTML of ${url} in the trace`);
  // The renderer may be the one that held about:blank: its unload tasks came before the page.
  const tasks = events.filter(
    (e) =>
      e.ph === "X" &&
      e.name === "RunTask" &&
      e.pid === parse.pid &&
      e.tid === parse.tid &&
      e.ts + (e.dur ?? 0) >= parse.ts,
  );
  const longestAndBlocking = (taskMs: number[]) => ({
    longest: Math.max(0, ...taskMs),
    blocking: taskMs.reduce((sum, ms) => sum + Math.max(0, ms - BLOCKING_AFTER_MS), 0),
  });
  const wall = longestAndBlocking(tasks.map((task) => (task.dur ?? 0) / 1000));
  const cpu = longestAndBlocking(tasks.map((task) => (task.tdur ?? 0) / 1000));
  const onPageThread = events.filter(
    (e) => e.ph === "X" && e.pid === parse.pid && e.tid === parse.tid && e.ts >= parse.ts,
  );
  // A font set up inside another's setup (a fallback family's) is counted in the outermost call.
  const outermost: TraceEvent[] = [];
  for (const e of onPageThread
    .filter((event) => event.name === FONT_SETUP)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    const last = outermost.at(-1);
    if (!last || e.ts >= last.ts + (last.dur ?? 0)) outermost.push(e);
  }
  return {
    longestMs: wall.longest,
    blockingMs: wall.blocking,
    longestCpuMs: cpu.longest,
    blockingCpuMs: cpu.blocking,
    fontSetupCpuMs: outermost.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000,
    fontStrikes: onPageThread.filter((e) => e.name === FONT_STRIKE).length,
  };
}

const NETWORK_IDLE_MS = 500;

/**
 * Whether React has hydrated the document (tests/e2e/fixtures.ts, waitForHydration), asked over
 * the DevTools protocol: Playwright's own evaluation first injects its utility script, a task of
 * 20-25 ms of the page's main thread (150 ms at 6x) that would be measured as the page's.
 */
const HYDRATED = `[document.documentElement, document.querySelector("footer")].every(
  (element) => element === null || Object.keys(element).some((key) => key.startsWith("__reactFiber")),
)`;

async function untilHydrated(cdp: CDPSession) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const { result } = await cdp.send("Runtime.evaluate", { expression: HYDRATED });
    if (result.value === true) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the page did not hydrate in 120 s");
}

/** A member with a live session, and an admin, straight in the database (tests/e2e/accounts.ts). */
async function sessionCookies(databaseFile: string): Promise<Record<Who, string | null>> {
  const db = openDatabase(databaseFile);
  try {
    const cookie = async (username: string, isAdmin: boolean, goatedId: string) => {
      const id = await insertUser(db, {
        username,
        is_admin: isAdmin ? 1 : 0,
        // Linked to a player of the payload, as an approved link request leaves it: the profile
        // then shows the player's figures and rank, as most members' do.
        goated_id: goatedId,
      });
      const { token } = await insertSession(db, id, { user_agent: "bench" });
      // Remix's cookie encoding of the session token.
      return Buffer.from(JSON.stringify(token)).toString("base64");
    };
    const suffix = Date.now() % 100_000;
    return {
      visitor: null,
      member: await cookie(`benchmember${suffix}`, false, "bench000001"),
      admin: await cookie(`benchadmin${suffix}`, true, "bench000002"),
    };
  } finally {
    await db.destroy();
  }
}

async function tracePage(
  browser: Browser,
  url: string,
  session: string | null,
): Promise<MainThreadTasks> {
  // A phone, as the mobile project of playwright.config.ts: the layout a slow phone has to do.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (session) await context.addCookies([{ name: "gv_session", value: session, url }]);
    // The intro screen is for a first visit only; a returning player is the common case.
    await context.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 400_000 / 8,
      uploadThroughput: 400_000 / 8,
    });
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "loading",
        // Blink's font setup (FontCache) and the font service's requests: a few hundred events.
        "fonts",
        // MAIN_THREAD_PROFILE=1 adds V8's sampling profiler: which functions a long task ran.
        ...(process.env.MAIN_THREAD_PROFILE ? ["disabled-by-default-v8.cpu_profiler"] : []),
        // MAIN_THREAD_CATEGORIES=blink,fonts,… adds trace categories (what a long task holds).
        ...(process.env.MAIN_THREAD_CATEGORIES?.split(",").filter(Boolean) ?? []),
      ],
    });
    const inFlight = new Set<Request>();
    let lastChange = Date.now();
    page.on("request", (request) => {
      inFlight.add(request);
      lastChange = Date.now();
    });
    const settled = (request: Request) => {
      inFlight.delete(request);
      lastChange = Date.now();
    };
    page.on("requestfinished", settled);
    page.on("requestfailed", settled);
    const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    // The scripts start after the first paint (docs/decisions/0040), so the network is quiet for
    // a while before them: the end is network idle (500 ms without a request) once hydrated.
    await untilHydrated(cdp);
    while (inFlight.size > 0 || Date.now() - lastChange < NETWORK_IDLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const trace = await browser.stopTracing();
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    // A page that sent the player elsewhere (a sign-in) would be measured as the wrong page.
    if (page.url() !== url) throw new Error(`${url} ended at ${page.url()}`);
    // MAIN_THREAD_TRACE_DIR keeps each run's trace (what the long tasks are: open it in DevTools).
    const traceDir = process.env.MAIN_THREAD_TRACE_DIR;
    if (traceDir) {
      mkdirSync(traceDir, { recursive: true });
      const name = new URL(url).pathname.slice(1).replaceAll("/", "-") || "home";
      writeFileSync(path.join(traceDir, `${name}-${Date.now()}.json`), trace);
    }
    const { traceEvents } = JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] };
    return mainThreadTasks(traceEvents, url);
  } finally {
    await context.close();
  }
}

export async function benchMainThread(
  { work, origin, record, ms, withBenchServer }: ServerBenchDeps,
  launchChromium: () => Promise<Browser>,
) {
  const databaseFile = path.join(work, "main-thread.sqlite");
  const options = {
    payload: referralPayload(10_000, 2),
    database: { file: databaseFile },
    syncSeconds: 86_400,
  };
  await withBenchServer(options, async () => {
    const sessions = await sessionCookies(databaseFile);
    const browser = await launchChromium();
    try {
      // MAIN_THREAD_PAGES=/profile,/ measures only those pages (an A/B of one page's change).
      const only = process.env.MAIN_THREAD_PAGES?.split(",");
      for (const { path: pagePath, who } of PAGES.filter(
        (page) => !only || only.includes(page.path),
      )) {
        const url = `${origin}${pagePath}`;
        // A warm server, as for Lighthouse: the first render after start is not the page's cost.
        const headers: Record<string, string> = sessions[who]
          ? { cookie: `gv_session=${sessions[who]}` }
          : {};
        for (let i = 0; i < 3; i += 1) await (await fetch(url, { headers })).arrayBuffer();
        const runs: MainThreadTasks[] = [];
        const loads: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          runs.push(await tracePage(browser, url, sessions[who]));
          loads.push(loadavg()[0] ?? 0);
        }
        const longest = median(runs.map((r) => r.longestMs));
        const blocking = median(runs.map((r) => r.blockingMs));
        const longestCpu = median(runs.map((r) => r.longestCpuMs));
        const blockingCpu = median(runs.map((r) => r.blockingCpuMs));
        const fontSetupCpu = median(runs.map((r) => r.fontSetupCpuMs));
        const fontStrikes = median(runs.map((r) => r.fontStrikes));
        const load = `load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`;
        const label = `${pagePath}${who === "visitor" ? "" : ` (${who})`}, ${CPU_SLOWDOWN}x CPU, 400 kbit/s, median of ${RUNS}`;
        record(
          `${label}: longest main-thread task`,
          `<= ${MAX_TASK_MS} ms`,
          `${ms(longest)} (thread CPU ${ms(longestCpu)}, ${load})`,
          longest <= MAX_TASK_MS,
        );
        record(
          `${label}: total blocking time`,
          `< ${MAX_TBT_MS} ms`,
          `${ms(blocking)} (thread CPU ${ms(blockingCpu)}, ${load})`,
          blocking < MAX_TBT_MS,
        );
        // No budget: the part of the first layouts that grows with the distinct fonts (0104).
        record(
          `${label}: font setup`,
          "none",
          `${fontStrikes} font strikes, thread CPU ${ms(fontSetupCpu)} (${load})`,
          null,
        );
      }
    } finally {
      await browser.close();
    }
  });
}
