// `npm run bench`: the performance budgets of DESIGN.md and issue 4, measured on throwaway
// databases, printed as a table and written to docs/benchmarks.md. Not part of `npm test`.
import { execFileSync, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { format, resolveConfig } from "prettier";
import WebSocket from "ws";
import { GZIP_LEVEL } from "../app/http/compression-settings";
import { FAKE_AFFILIATE_UID, FAKE_TOKEN, startFakeProvider } from "../tests/fake-provider/server";
import type { FakeProvider } from "../tests/fake-provider/server";
import { benchBlocking } from "./blocking";
import { benchMixedUsers } from "./mixed";
import { benchLighthouse } from "./lighthouse";
import { benchMainThread } from "./main-thread";
import { benchCompaction } from "./compaction";
import { signedInCookie } from "./players";
import { referralPayload } from "./payload";
import { benchSignIns } from "./signins";
import { benchAbandonedSignIns } from "./abandoned-signins";
import { kb, ms } from "./format";
import { benchSync } from "./sync";
import { benchPostgres } from "./postgres";
import type { BenchServerOptions } from "./blocking";

const work = mkdtempSync(path.join(tmpdir(), "goatedvips-bench-"));
// The app's database module reads DATABASE_PATH when first imported.
process.env.DATABASE_PATH = path.join(work, "sync.sqlite");
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const ORIGIN = `http://localhost:${PORT}`;

interface Row {
  measure: string;
  budget: string;
  result: string;
  /** Null for a figure shown for context, which no budget covers. */
  ok: boolean | null;
}
const rows: Row[] = [];
const verdict = (ok: boolean | null) => (ok === null ? "info" : ok ? "ok" : "**over**");
const record = (measure: string, budget: string, result: string, ok: boolean | null) => {
  rows.push({ measure, budget, result, ok });
  console.log(
    `${ok === null ? "info" : ok ? "ok  " : "OVER"} ${measure}: ${result} (budget ${budget})`,
  );
};
const loadAtStart = loadavg()[0] ?? 0;

/**
 * A production server process on `port`, once it serves data: the build (`npm run bench` builds
 * first), run as `npm start` and the systemd unit run it, plain node on build/server.js.
 */
async function startServer(
  port: number,
  { database, syncSeconds }: BenchServerOptions,
  providerUrl: string,
) {
  // For finding where time goes: BENCH_SERVER_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p")
  // are the server's node flags; BENCH_SERVER_LOG is a file its request log is appended to.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(" ").filter(Boolean) ?? [];
  const log = process.env.BENCH_SERVER_LOG;
  const server = spawn(process.execPath, [...flags, "build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      ...("file" in database
        ? { DATABASE_PATH: database.file, DATABASE_URL: undefined }
        : { DATABASE_URL: database.url }),
      SESSION_SECRET: "bench-secret-that-is-long-enough-to-sign-cookies",
      GOATED_API_BASE_URL: providerUrl,
      GOATED_AFFILIATE_UID: FAKE_AFFILIATE_UID,
      GOATED_API_TOKEN: FAKE_TOKEN,
      SYNC_INTERVAL_SECONDS: String(syncSeconds),
      // The socket bench's 5,000 clients all come from 127.0.0.1.
      WS_MAX_SOCKETS_PER_ADDRESS: "10000",
      // No backup at start: it would share the two cores with what is measured.
      BACKUP_INTERVAL_HOURS: "0",
    },
    stdio: ["ignore", log ? openSync(log, "a") : "ignore", "inherit"],
  });
  for (let i = 0; i < 300; i += 1) {
    const stats = await fetch(`http://localhost:${port}/api/affiliate/stats?page=1&limit=1`).catch(
      () => null,
    );
    if (
      stats?.ok &&
      ((await stats.json()) as { metadata: { totalUsers: number } }).metadata.totalUsers > 0
    ) {
      return server;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error("the server did not start with data");
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/**
 * Runs `run` against the fake provider serving `options.payload` and production servers started
 * one after the other (the first migrates a new database) on `options.ports` (the run's port by
 * default), each serving data; stops them all afterwards.
 */
async function withBenchServer<T>(
  options: BenchServerOptions,
  run: (provider: FakeProvider, servers: ChildProcess[]) => Promise<T>,
): Promise<T> {
  const provider = await startFakeProvider();
  provider.setPayload(options.payload);
  const servers: ChildProcess[] = [];
  try {
    for (const port of options.ports ?? [PORT]) {
      servers.push(await startServer(port, options, provider.url));
    }
    return await run(provider, servers);
  } finally {
    for (const server of servers) await stopServer(server);
    await provider.close();
  }
}

async function benchHttp() {
  const options = {
    payload: referralPayload(10_000, 2),
    database: { file: path.join(work, "http.sqlite") },
    syncSeconds: 86_400,
  };
  await withBenchServer(options, async () => {
    // First, on a quiet server: the latency of one client's requests, not of a queue behind the
    // load test below, measured by a client in a process of its own (this one's garbage
    // collection, with the payloads it holds, added 10-25 ms to the slowest answers).
    const apiUrl = `${ORIGIN}/api/affiliate/stats?page=1&limit=100`;
    const probe = path.join(import.meta.dirname, "latency-probe.mjs");
    const timings = JSON.parse(
      execFileSync(process.execPath, [probe, apiUrl]).toString(),
    ) as number[];
    const p50 = timings[Math.floor(timings.length * 0.5)] ?? 0;
    const p99 = timings[Math.floor(timings.length * 0.99)] ?? 0;
    record(
      "/api/affiliate/stats?page=1&limit=100 latency, p99 (median)",
      "< 10 ms",
      `${ms(p99)} (${ms(p50)})`,
      p99 < 10,
    );

    await benchLeaderboardLoad([ORIGIN], "");

    for (const page of ["/", "/leaderboard", "/wager-races"]) await benchWeight(page);
    await benchFirstView("/leaderboard?period=daily");
    for (const javaScript of [false, true]) await benchSlowLink(javaScript);
    await benchSignIns(ORIGIN, record);
  });
}

/**
 * `/leaderboard` under 50 connections, spread evenly over `origins` (processes sharing one
 * database), as visitors and as a signed-in player; `engine` starts each measure's text.
 */
async function benchLeaderboardLoad(origins: string[], engine: string) {
  const urls = origins.map((origin) => `${origin}/leaderboard?period=daily`);
  // autocannon 8 spreads its connections over an array of URLs (connection i gets URL i mod n,
  // lib/run.js), one histogram for all; its types only name a single URL.
  const url = (urls.length === 1 ? urls[0] : urls) as string;
  // Visitors without cookies get the page cache's copy (docs/decisions/0006); a signed-in
  // player's page is rendered for each request: a real session (its user and session rows,
  // the cookie the server set at registration), with the header's figures read for it.
  const player = await signedInCookie(origins);
  for (const [label, headers] of [
    ["visitors without cookies (page cache)", {}],
    ["a signed-in player (rendered each time)", { cookie: player }],
  ] as const) {
    // Warm up the JIT and the database's page cache.
    await autocannon({ url, headers, connections: 10, duration: 3 });
    const result = await autocannon({ url, headers, connections: 50, duration: 15 });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`/leaderboard answered ${result.non2xx} non-2xx and ${result.errors} errors`);
    }
    record(
      `${engine}/leaderboard, 10,000 players, 50 connections, ${label}: throughput`,
      ">= 800 req/s",
      `${Math.round(result.requests.average)} req/s`,
      result.requests.average >= 800,
    );
    record(
      `${engine}/leaderboard, 10,000 players, 50 connections, ${label}: p99 latency`,
      "< 150 ms",
      ms(result.latency.p99),
      result.latency.p99 < 150,
    );
  }
}

/** Bytes on the wire (gzip) of a page's HTML, its stylesheets and its scripts. */
async function benchWeight(pagePath: string) {
  const gz = async (url: string) => {
    const response = await fetch(new URL(url, ORIGIN));
    const body = Buffer.from(await response.arrayBuffer());
    // fetch decodes; the server's own gzip (app/http/compression-settings.ts) is what travels.
    return { text: body.toString("utf8"), bytes: gzipSync(body, { level: GZIP_LEVEL }).length };
  };
  const html = await gz(pagePath);
  const attr = (pattern: RegExp) => [...html.text.matchAll(pattern)].map((m) => m[1] ?? "");
  const styles = attr(/<link rel="stylesheet" href="([^"]+)"/g);
  const scripts = new Set([
    // Held until the first paint (docs/decisions/0040): the preloads' URLs are in data-href.
    ...attr(/<link rel="modulepreload" data-href="([^"]+)"/g),
    ...attr(/<script[^>]* src="([^"]+)"/g),
    ...attr(/import\("([^"]+)"\)/g),
    ...attr(/import "([^"]+)"/g),
    ...attr(/import \* as \w+ from "([^"]+)"/g),
  ]);
  let css = 0;
  for (const href of styles) css += (await gz(href)).bytes;
  let js = 0;
  for (const src of scripts) js += (await gz(src)).bytes;
  record(
    `${pagePath} first load, JavaScript off: HTML + CSS (gzip)`,
    "<= 40 KB",
    `${kb(html.bytes + css)} (HTML ${kb(html.bytes)}, CSS ${kb(css)})`,
    html.bytes + css <= 40 * 1024,
  );
  record(
    `${pagePath} JavaScript (gzip, ${scripts.size} files)`,
    "<= 130 KB",
    kb(js),
    js <= 130 * 1024,
  );
}

async function launchChromium() {
  return chromium.launch({
    // BENCH_CHROMIUM runs another build or a wrapper (e.g. one that starts it under `perf record`).
    executablePath: process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
}

/**
 * Everything a first view of the page transfers (DESIGN.md: at most 60 KB): bytes on the wire of
 * every response Chromium loads with JavaScript off (document, stylesheets, fonts, images).
 * Scripts have their own budget above.
 */
async function benchFirstView(pagePath: string) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    let bytes = 0;
    let responses = 0;
    cdp.on("Network.loadingFinished", ({ encodedDataLength }) => {
      bytes += encodedDataLength;
      responses += 1;
    });
    await page.goto(`${ORIGIN}${pagePath}`, { waitUntil: "networkidle" });
    record(
      `first ${pagePath.split("?")[0]} view, JavaScript off: all transferred (${responses} responses)`,
      "<= 60 KB",
      kb(bytes),
      bytes <= 60 * 1024,
    );
  } finally {
    await browser.close();
  }
}

/** Time to the first paint of a page whose rows are in the HTML, on 400 kbit/s with 400 ms RTT. */
async function benchSlowLink(javaScriptEnabled: boolean) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ javaScriptEnabled });
    await context.addInitScript(() => sessionStorage.setItem("hasVisited", "true"));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: 400_000 / 8,
      uploadThroughput: 400_000 / 8,
    });
    await page.goto(`${ORIGIN}/leaderboard?period=daily`, { waitUntil: "load" });
    await page.locator("tbody tr").first().waitFor({ state: "visible" });
    // Stylesheets block rendering, so the first contentful paint is when styled rows show.
    // Chromium records no paint entry with JavaScript off; then the load event (HTML, stylesheet
    // and images all in) is the bound.
    const paint = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
      const [navigation] = performance.getEntriesByType("navigation");
      return fcp ?? (navigation as PerformanceNavigationTiming).loadEventStart;
    });
    record(
      `/leaderboard rows visible on 400 kbit/s, 400 ms RTT, JavaScript ${javaScriptEnabled ? "on" : "off"}`,
      "<= 2.5 s",
      ms(paint),
      paint <= 2500,
    );
  } finally {
    await browser.close();
  }
}

async function benchSockets() {
  const options = {
    payload: referralPayload(10_000, 3),
    database: { file: path.join(work, "ws.sqlite") },
    syncSeconds: 2,
  };
  const clients: WebSocket[] = [];
  await withBenchServer(options, async (provider, [server]) => {
    try {
      const CLIENTS = 5000;
      for (let i = 0; i < CLIENTS; i += 100) {
        await Promise.all(
          Array.from({ length: 100 }, () => {
            const socket = new WebSocket(`ws://localhost:${PORT}/ws/leaderboard`, {
              origin: ORIGIN,
            });
            clients.push(socket);
            // A reset after the greeting must not end the run; the broadcast count shows it.
            socket.on("error", () => {});
            return new Promise((resolve, reject) => {
              socket.once("message", resolve);
              socket.once("error", reject);
            });
          }),
        );
      }
      const rss = () => {
        const status = readFileSync(`/proc/${server?.pid}/status`, "utf8");
        return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      };
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const memory = rss();
      record(
        `/ws/leaderboard: ${CLIENTS.toLocaleString("en-US")} open clients, server RSS`,
        "< 300 MB",
        `${(memory / 1024 / 1024).toFixed(0)} MB`,
        memory < 300 * 1024 * 1024,
      );

      const arrivals: number[] = [];
      let frame = "";
      const all = new Promise<void>((resolve) => {
        for (const socket of clients) {
          socket.on("message", (data) => {
            arrivals.push(Date.now());
            if (!frame) frame = data.toString();
            if (arrivals.length === CLIENTS) resolve();
          });
        }
      });
      provider.bump("bench000001", 1000);
      await all;
      const message = JSON.parse(frame) as { type: string; timestamp: string };
      if (message.type !== "LEADERBOARD_UPDATE") throw new Error(`unexpected ${message.type}`);
      const slowest = Math.max(...arrivals) - Date.parse(message.timestamp);
      record(
        `/ws/leaderboard: one update reaches all ${CLIENTS.toLocaleString("en-US")} clients`,
        "< 1 s",
        ms(slowest),
        slowest < 1000,
      );
      const size = Buffer.byteLength(frame);
      record("LEADERBOARD_UPDATE message size", "<= 8 KB", kb(size), size <= 8 * 1024);
    } finally {
      for (const socket of clients) socket.terminate();
    }
  });
}

async function writeReport() {
  const cpu = cpus();
  const machine = `${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node.js ${process.version}, ${process.platform}`;
  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const table = [
    "| measure | budget | result | |",
    "| --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r.measure} | ${r.budget} | ${r.result} | ${verdict(r.ok)} |`),
  ].join("\n");
  const report = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); do not edit by hand.

- Date: ${date}
- Machine: ${machine}
- Load average (1 min) at the start and the end of the run: ${loadAtStart.toFixed(1)} and
  ${(loadavg()[0] ?? 0).toFixed(1)} (the machine is shared; figures taken under load are pessimistic)

Each run seeds throwaway databases from the fake provider (tests/fake-provider) with generated
payloads shaped like the real one (about 70% zeros, floats, periods not nested), and starts the
production build (\`node build/server.js\`, NODE_ENV=production, as \`npm start\` runs it) as a separate process. The load generator
(autocannon), the browser and the websocket clients run on the same machine as the server.
The measurements taken by hand for the decision records (profiles, garbage-collector traces, A/B
runs) are in [benchmarks-notes.md](benchmarks-notes.md), which this run leaves alone.

${table}

How each figure is taken:
- Sync: \`runSync\` against the fake provider over loopback, in the bench's own process: on the
  sync worker thread (docs/decisions/0019; started before the clock, as it is once per process),
  fetch, parse, validation, normalisation and the store in transactions of at most 50 ms (players
  upsert, snapshots, name index; the WAL is checkpointed once, after the result); then the run's
  bookkeeping and the update event. The first run
  inserts everything; the second, once the first's wager flag rules are done (they follow a sync,
  outside its time: docs/decisions/0080), changes the totals of every tenth active player.
- Blocking (bench/blocking.ts): \`/healthz\` requested every 10 ms by one client while the server
  (the production build, its sync on the worker thread) fetches and stores a sync of 100,000
  referrals that changes every player (its longest wait), a linked member listening for race
  alerts; \`leaderboardPage\`
  with a search, 30 times after 3 warm-up runs, over 400,000 players stored by the sync's store
  (the first search after the store, which also counts the period's players and its rank
  checkpoints, is shown beside them).
- \`/leaderboard\`: autocannon, 50 connections for 15 s after a 3 s warm-up, daily period, page 1,
  10,000 players; once without cookies, as a visitor (the budget; the page cache of
  docs/decisions/0006 serves it), and once with a cookie, which the server renders every time, as
  for a signed-in player (shown for context: a full render costs about 4 ms of one core).
- Stats API: 250 sequential requests after 50 warm-up ones, one connection, from a client in a
  process of its own (bench/latency-probe.mjs: the bench's own garbage collection would be timed
  as the server's), each answer read to its last byte as sent (gzip), not decoded (decision
  0110); the budget is read against the p99, the median is shown beside it.
- Page weight: the HTML, every stylesheet, and every script the page loads (module preloads and
  imports), each gzipped at the server's level.
- First view: Chromium with JavaScript off, a fresh context, the bytes on the wire (headers
  included) of every response until the network is idle; scripts are counted by their own budget.
- Slow link: Chromium with the DevTools network emulation (400 kbit/s both ways, 400 ms latency),
  a fresh context; the figure is the first contentful paint, which waits for the stylesheet, and
  the rows are in the first paint because the server renders them into the HTML. With JavaScript
  off Chromium records no paint entry, so the figure is the load event (a later moment).
- Lighthouse (bench/lighthouse.ts): its mobile preset with simulated throttling (slow 4G, 4x CPU)
  in Debian's Chromium, each public page 5 times; each figure is the median of the runs, every
  run's score and blocking time shown beside it (a run Lighthouse could not trace is left out).
- Main thread at 6x CPU (bench/main-thread.ts): each page in Chromium with the DevTools CPU
  throttling at 6x and the slow link above, a fresh context (a member's and an admin's session
  cookie for \`/profile\` and \`/admin\`), traced from the navigation to network idle; the
  figures are the page's renderer main-thread tasks in the trace: the longest, and the total
  blocking time (each task's time over 50 ms, summed); the median of 5 runs, with the range of the
  load average over them.
- Websockets: 5,000 clients of one process; RSS of the server process once all are connected; a
  change at the fake provider is synced (every 2 s) and the time is from the message's server
  timestamp to its arrival at the last client.
- Sign-ins: one account signs in with the right password from 30 client addresses at once, again
  and again, for 15 s (bench/signins.ts); 4 visitors fetch \`/leaderboard\` and \`/favicon.svg\` one
  after another meanwhile; the budget is read against their p99.
- Mixed users (bench/mixed.ts): 200 signed-in members, each from its own client address, for 60 s,
  0.5 to 1.5 s between one member's requests; of 100 actions 78 page views (home, the four boards,
  races, profile, VIP program), 12 leaderboard searches, 8 profile saves (\`/api/user/update\`) and 2
  sign-ins with the right password; every answer must be a 2xx. The client sends with undici's
  \`request\` (fetch's \`Accept-Encoding\`; bodies read whole, not decoded), so that its own CPU
  takes less of the two cores from the server it measures.
- Abandoned sign-ins (bench/abandoned-signins.ts): one account's idle sign-in time (median of 5),
  then 3 times 20 sign-ins from 20 addresses at once, each abandoned after 100 ms, and one more
  sign-in, timed; the median of those 3 must stay within twice the idle time.
- PostgreSQL (bench/postgres.ts; skipped, with its reason printed, where PostgreSQL is not
  installed): a throwaway cluster on the same machine (tests/postgres/cluster.ts, durability off);
  the sync as above, in a process whose DATABASE_URL names it; \`/leaderboard\` as above, its 50
  connections spread evenly over two production server processes sharing one database (autocannon
  alternates the two, connection by connection, into one histogram).
`;
  // Formatted as `npm run lint` expects.
  writeFileSync(
    "docs/benchmarks.md",
    await format(report, { parser: "markdown", ...(await resolveConfig("docs/benchmarks.md")) }),
  );
  console.log(`\n${table}\n\nwritten to docs/benchmarks.md`);
}

const serverBenchDeps = { work, origin: ORIGIN, record, ms, withBenchServer };
// `tsx bench/run.ts sync http` runs only the sections named (no report written); none runs all.
const SECTIONS = {
  sync: () => benchSync({ record, ms }),
  blocking: () => benchBlocking(serverBenchDeps),
  http: benchHttp,
  sockets: benchSockets,
  mixed: () => benchMixedUsers(serverBenchDeps),
  abandoned: () => benchAbandonedSignIns(serverBenchDeps),
  lighthouse: () => benchLighthouse(serverBenchDeps),
  mainthread: () => benchMainThread(serverBenchDeps, launchChromium),
  compaction: () => benchCompaction({ work, record }),
  postgres: () => benchPostgres({ ...serverBenchDeps, benchLeaderboardLoad }),
} as const;
const chosen = process.argv.slice(2);
try {
  const unknown = chosen.filter((name) => !(name in SECTIONS));
  if (unknown.length > 0) {
    throw new Error(
      `unknown bench sections: ${unknown.join(", ")} (${Object.keys(SECTIONS).join(", ")})`,
    );
  }
  for (const [name, run] of Object.entries(SECTIONS)) {
    if (chosen.length === 0 || chosen.includes(name)) await run();
  }
  if (chosen.length === 0) await writeReport();
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(rows.every((r) => r.ok !== false) ? 0 : 1);
