// DESIGN.md "Performance budgets": 200 concurrent users for 60 s, mixing page views, searches,
// sign-ins and profile saves: no errors, and page views under 500 ms p99 while the sign-ins hash.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { request } from "undici";
import { openDatabase } from "../db";
import { PROFILE_COLORS } from "../app/domain/profile-colors";
import { hashPassword } from "../app/services/auth/passwords.server";
import { insertSession, insertUser } from "../tests/factories";
import { referralPayload } from "./payload";
import type { ServerBenchDeps } from "./blocking";

const USERS = 200;
const DURATION_MS = 60_000;
// A person reads a page before the next click: 0.5 to 1.5 s between one user's requests.
const THINK_MS = { min: 500, max: 1500 };
// Strong enough for any password rule.
const PASSWORD = "Bench-Goats-Graze-At-Dawn-77";
const PAGES = [
  "/",
  "/leaderboard?period=daily",
  "/leaderboard?period=weekly",
  "/leaderboard?period=monthly&page=2",
  "/leaderboard?period=all_time",
  "/wager-races",
  "/profile",
  "/vip-program",
];

type Action = "page" | "search" | "profile" | "sign-in";
/** Of 100 actions: most are page views; a sign-in costs a password hash, so they are rarer. */
const MIX: [Action, number][] = [
  ["page", 78],
  ["search", 12],
  ["profile", 8],
  ["sign-in", 2],
];

interface BenchUser {
  username: string;
  cookie: string;
  token: string;
  address: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** fetch's own message ("fetch failed") says nothing; its cause says what failed. */
const describe = (error: unknown) =>
  error instanceof Error && error.cause
    ? `${String(error)}: ${String(error.cause)}`
    : String(error);

function pickAction(): Action {
  let roll = Math.random() * 100;
  for (const [action, share] of MIX) {
    roll -= share;
    if (roll < 0) return action;
  }
  return "page";
}

/** Members with a real password and a live session each, as if they had signed in earlier. */
async function createUsers(databaseFile: string): Promise<BenchUser[]> {
  const db = openDatabase(databaseFile);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const username = `mixed${String(i).padStart(3, "0")}_${Date.now() % 100_000}`;
      const id = await insertUser(db, { username, password_hash: passwordHash });
      const { token } = await insertSession(db, id, { user_agent: "bench" });
      users.push({
        username,
        token,
        // Remix's cookie encoding of the session token (tests/e2e/accounts.ts).
        cookie: `gv_session=${Buffer.from(JSON.stringify(token)).toString("base64")}`,
        // 198.18.0.0/15 is the benchmarking range; the server trusts a proxy on loopback.
        address: `198.18.${2 + Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
    }
    return users;
  } finally {
    await db.destroy();
  }
}

export async function benchMixedUsers({
  work,
  origin,
  record,
  ms,
  withBenchServer,
}: ServerBenchDeps) {
  const databaseFile = path.join(work, "mixed.sqlite");
  const options = {
    payload: referralPayload(10_000, 4),
    database: { file: databaseFile },
    syncSeconds: 86_400,
  };
  await withBenchServer(options, async () => {
    const users = await createUsers(databaseFile);
    const pageViews: number[] = [];
    const signIns: number[] = [];
    const counts: Record<Action, number> = { page: 0, search: 0, profile: 0, "sign-in": 0 };
    const errors: string[] = [];
    // Each request, for finding which kinds make the slow 1% (written to BENCH_MIXED_TRACE if set;
    // `id` matches the server's request log, which BENCH_SERVER_LOG keeps).
    const trace: { at: number; action: Action; target: string; ms: number; id: string }[] = [];
    const benchStart = performance.now();

    // undici's request, not fetch: the same requests and bytes (fetch's `Accept-Encoding` over
    // http, so the server compresses as before), but the body is read without being decoded or
    // wrapped in WHATWG streams. With fetch the client took 23.5 s of CPU in 60 s, a third of a
    // core taken from the server it measures on this 2-core machine (docs/decisions/0109).
    const send = (target: string, headers: Record<string, string>, body?: string) =>
      request(`${origin}${target}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { ...headers, "Accept-Encoding": "gzip, deflate" },
        ...(body === undefined ? {} : { body }),
      });

    const act = async (user: BenchUser, action: Action) => {
      const headers = { Origin: origin, "X-Forwarded-For": user.address };
      const started = performance.now();
      let target = "";
      let response: Awaited<ReturnType<typeof send>>;
      if (action === "page" || action === "search") {
        target =
          action === "page"
            ? (PAGES[Math.floor(Math.random() * PAGES.length)] ?? "/")
            : `/leaderboard?period=daily&q=${"abcdefghij"[Math.floor(Math.random() * 10)]}b`;
        response = await send(target, { ...headers, Cookie: user.cookie });
      } else if (action === "profile") {
        response = await send(
          "/api/user/update",
          { ...headers, Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
          JSON.stringify({
            username: user.username,
            profileColor: PROFILE_COLORS[Math.floor(Math.random() * PROFILE_COLORS.length)],
            bio: `Bench bio ${Math.random().toString(36).slice(2)}`,
          }),
        );
      } else {
        response = await send(
          "/api/auth/login",
          { ...headers, "Content-Type": "application/json" },
          JSON.stringify({ username: user.username, password: PASSWORD }),
        );
      }
      await response.body.dump({ limit: Infinity });
      const elapsed = performance.now() - started;
      counts[action] += 1;
      const requestId = response.headers["x-request-id"];
      trace.push({
        at: Math.round(started - benchStart),
        action,
        target,
        ms: Math.round(elapsed),
        id: typeof requestId === "string" ? requestId : "",
      });
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      if (!ok) errors.push(`${action} answered ${response.statusCode}`);
      else if (action === "page" || action === "search") pageViews.push(elapsed);
      else if (action === "sign-in") signIns.push(elapsed);
    };

    // The client runs in this process: its own event-loop delay says whether it kept up.
    const clientDelay = monitorEventLoopDelay({ resolution: 10 });
    clientDelay.enable();
    const clientCpu = process.cpuUsage();
    const deadline = performance.now() + DURATION_MS;
    const think = () =>
      new Promise((resolve) =>
        setTimeout(resolve, THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min)),
      );
    await Promise.all(
      users.map(async (user) => {
        // Arrivals spread over the first second, as people's would be.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
        while (performance.now() < deadline) {
          await act(user, pickAction()).catch((error: unknown) => errors.push(describe(error)));
          await think();
        }
      }),
    );

    clientDelay.disable();
    const { user, system } = process.cpuUsage(clientCpu);
    if (process.env.BENCH_MIXED_TRACE) {
      writeFileSync(process.env.BENCH_MIXED_TRACE, JSON.stringify(trace));
    }
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    record(
      `${USERS} users for ${DURATION_MS / 1000} s (${counts.page} page views, ${counts.search} searches, ${counts.profile} profile saves, ${counts["sign-in"]} sign-ins): errors`,
      "0",
      `${errors.length} of ${total}${errors[0] ? ` (first: ${errors[0]})` : ""}`,
      errors.length === 0,
    );
    pageViews.sort((a, b) => a - b);
    const p99 = percentile(pageViews, 0.99);
    record(
      `${USERS} mixed users: page views and searches, p99 (median)`,
      "< 500 ms",
      `${ms(p99)} (${ms(percentile(pageViews, 0.5))})`,
      p99 < 500,
    );
    record(
      `${USERS} mixed users: the bench client's own event-loop delay, p99 (max); its CPU`,
      "none",
      `${ms(clientDelay.percentile(99) / 1e6)} (${ms(clientDelay.max / 1e6)}); ${ms((user + system) / 1000)}`,
      null,
    );
    signIns.sort((a, b) => a - b);
    const signInP99 = percentile(signIns, 0.99);
    record(
      `${USERS} mixed users: sign-ins, p99 (median)`,
      "< 5 s",
      `${ms(signInP99)} (${ms(percentile(signIns, 0.5))})`,
      signInP99 < 5000,
    );
  });
}
