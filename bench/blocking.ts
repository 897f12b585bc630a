// Work that could hold the server's event loop (issue 12, item 10), for bench/run.ts:
// - the longest wait of a request (GET /healthz every 10 ms) while the server stores a
//   100,000-referral sync that changes every player, a linked member listening for race alerts;
// - a username search at 400,000 players (leaderboardPage, in a child process of its own so the
//   run's other databases are untouched).
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../db";
import { insertUser } from "../tests/factories";
import type { FakeProvider } from "../tests/fake-provider/server";
import { median } from "./format";
import { advancedPayload, referralPayload } from "./payload";
import { primeFakeProvider } from "./sync";

export interface ServerBenchDeps {
  work: string;
  origin: string;
  record: (measure: string, budget: string, result: string, ok: boolean | null) => void;
  ms: (n: number) => string;
  /** Runs `run` against the fake provider and production servers started for it; stops them. */
  withBenchServer: <T>(
    options: BenchServerOptions,
    run: (provider: FakeProvider, servers: ChildProcess[]) => Promise<T>,
  ) => Promise<T>;
}

export interface BenchServerOptions {
  /** What the fake provider serves; the servers sync it at start. */
  payload: unknown;
  /** A SQLite file of the run's own, or a PostgreSQL database shared by every process. */
  database: { file: string } | { url: string };
  syncSeconds: number;
  /** One production server process per port, the run's own port by default. */
  ports?: number[];
}

const SEARCH_PLAYERS = 400_000;

export async function benchBlocking(deps: ServerBenchDeps) {
  await benchSyncWait(deps);
  await benchSearch(deps);
}

async function benchSyncWait({ work, origin, record, ms, withBenchServer }: ServerBenchDeps) {
  const payload = referralPayload(100_000, 4);
  const databaseFile = path.join(work, "blocking.sqlite");
  // Syncs every 2 s after the last ended; the first (at start) stores the 100,000 players.
  const options = { payload, database: { file: databaseFile }, syncSeconds: 2 };
  const leader = async () => {
    const response = await fetch(`${origin}/api/affiliate/stats?page=1&limit=1`);
    const body = (await response.json()) as {
      data: { all_time: { data: { wagered: { all_time: number } }[] } };
    };
    return body.data.all_time.data[0]?.wagered.all_time ?? 0;
  };
  await withBenchServer(options, async (provider) => {
    // A linked member with race updates on (the default), as a real site has: after each sync
    // the race alerts compare the race's standings for them (app/services/races/race-alerts.server.ts).
    const seed = openDatabase(databaseFile);
    try {
      await insertUser(seed, { goated_id: "bench000001" });
    } finally {
      await seed.destroy();
    }
    // Measured as every sync after the first: the standings before it were ranked by the last one.
    const syncRuns = async () => {
      const text = await (await fetch(`${origin}/metrics`)).text();
      return Number(/^goatedvips_sync_runs_total\{outcome="success"\} (\d+)$/m.exec(text)?.[1]);
    };
    const runsAtSeed = await syncRuns();
    while ((await syncRuns()) < runsAtSeed + 2) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const before = await leader();
    const changed = advancedPayload(payload, 1);
    provider.setPayload(changed);
    await primeFakeProvider(provider.url);

    const waits: number[] = [];
    let stored = false;
    const poll = (async () => {
      while (!stored) {
        const started = performance.now();
        const response = await fetch(`${origin}/healthz`);
        await response.arrayBuffer();
        waits.push(performance.now() - started);
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, 10 - (performance.now() - started))),
        );
      }
    })();
    const startedAt = performance.now();
    while (!stored && performance.now() - startedAt < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      stored = (await leader()) !== before;
    }
    await poll;
    if (!stored) throw new Error("the changed payload was not stored within 2 minutes");
    const longest = Math.max(...waits);
    record(
      `longest /healthz wait while a 100,000-referral sync that changes everyone runs (${waits.length} requests)`,
      "< 100 ms",
      ms(longest),
      longest < 100,
    );
  });
}

async function benchSearch({ work, record, ms }: ServerBenchDeps) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "search"],
    {
      env: { ...process.env, DATABASE_PATH: path.join(work, "search.sqlite") },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the search bench exited with ${String(code)}`);
  const results = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Record<
    string,
    { median: number; max: number; first: number; found: number }
  >;
  for (const [label, timing] of Object.entries(results)) {
    const budgeted = label.startsWith("name");
    record(
      `username search at ${SEARCH_PLAYERS.toLocaleString("en-US")} players, ${label} (${timing.found} found): median (max; the first after the store)`,
      budgeted ? "< 20 ms" : "none",
      `${ms(timing.median)} (${ms(timing.max)}; ${ms(timing.first)})`,
      budgeted ? timing.median < 20 : null,
    );
  }
}

/** In the child: 400,000 players stored by the sync's store, then each search timed 30 times. */
async function searchChild() {
  const { migrateToLatest } = await import("../db");
  const { db } = await import("../app/services/db.server");
  const { parseReferralPayload } = await import("../app/provider/payload.server");
  const { leaderboardPage } = await import("../app/services/players/player-queries.server");
  const { storeReferrals } = await import("../app/services/players/player-store.server");
  await migrateToLatest(db);
  const parsed = parseReferralPayload(referralPayload(SEARCH_PLAYERS, 5));
  if (!parsed.ok) throw new Error(parsed.error);
  await storeReferrals(parsed.referrals, { now: new Date(), isDemo: false, sliceMs: 1000 });
  const searches = {
    // Names are Player_<base 36>: "r_7kq" is one player and the 36 whose number continues it.
    "name part of 5 characters, daily": { period: "daily", search: "r_7kq" },
    "name part of 5 characters, all time": { period: "all_time", search: "r_7kq" },
    "2 characters, daily": { period: "daily", search: "7k" },
  } as const;
  // The first search after a store also counts the period's players and its rank checkpoints,
  // kept until the next store: shown beside the median, which the budget reads.
  const results: Record<string, { median: number; max: number; first: number; found: number }> = {};
  for (const [label, query] of Object.entries(searches)) {
    const timings: number[] = [];
    let found = 0;
    let first = 0;
    for (let i = 0; i < 33; i += 1) {
      const started = performance.now();
      found = (await leaderboardPage(query)).totalPlayers;
      if (i === 0) first = performance.now() - started;
      if (i >= 3) timings.push(performance.now() - started);
    }
    results[label] = { median: median(timings), max: Math.max(...timings), first, found };
  }
  await db.destroy();
  console.log(JSON.stringify(results));
}

if (process.argv[2] === "search") await searchChild();
