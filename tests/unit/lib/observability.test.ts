// Observability (issue 19): /metrics (prom-client), one JSON log line per request (pino-http),
// X-Request-Id, /readyz. The express app runs on a real port: /metrics's access rule depends on
// the peer's address, so the "outside" client connects to this machine's non-loopback address.
import { request as httpRequest } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "~db";
import { runSync } from "~/jobs/sync.server";
import { startSyncWorker, stopSyncWorker } from "~/jobs/sync-thread.server";
import { testHttpApp } from "../../http-app";
import type * as LoggerModule from "~/server/logger.server";
import { startRealtime } from "~/realtime/sockets.server";
import { checkDatabase } from "~/services/operations/database-setup.server";
import { db } from "~/services/db.server";
import { exposeDatabaseMetrics } from "~/services/operations/operations-metrics.server";
import { checkReadiness } from "~/services/operations/readiness.server";
import { findRequestUser } from "~/services/auth/sessions.server";
import { insertProviderToken, insertSession, insertUser } from "../../factories";
import { signedInCookie } from "../session-cookie";

// Every log line the app writes, as the JSON text pino wrote.
const logLines = vi.hoisted(() => [] as string[]);
vi.mock("~/server/logger.server", async (importOriginal) => {
  const actual = await importOriginal<typeof LoggerModule>();
  const logger = actual.createLogger({ write: (line: string) => void logLines.push(line) });
  // At the default threshold: vitest.config.ts silences the log everywhere else.
  logger.level = "info";
  return { ...actual, logger };
});

const PORT = 4241;
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

/** A Remix build of three resource routes: the leaderboard, the sync-free stats, the catch-all. */
const build = {
  mode: "production",
  entry: { module: { default: () => new Response("<html></html>") } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/leaderboard": {
      id: "routes/leaderboard",
      parentId: "root",
      path: "leaderboard",
      module: {
        loader: async ({ request }: { request: Request }) => {
          const user = await findRequestUser(request);
          return new Response(user ? `hello ${user.username}` : "hello");
        },
      },
    },
    "routes/user.$id": {
      id: "routes/user.$id",
      parentId: "root",
      path: "user/:id",
      module: { loader: () => new Response("profile") },
    },
    "routes/$": {
      id: "routes/$",
      parentId: "root",
      path: "*",
      module: { loader: () => new Response("Not found", { status: 404 }) },
    },
  },
  assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the app, from loopback or from this machine's outside address. */
function get(
  path: string,
  { headers = {}, from = "loopback" }: { headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const host = from === "loopback" ? "127.0.0.1" : from;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port: PORT, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The log lines (parsed) that carry this request id; waits for pino's asynchronous write. */
async function linesFor(requestId: string): Promise<Record<string, unknown>[]> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return logLines
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

let server: Server;
let realtime: ReturnType<typeof startRealtime>;

beforeAll(async () => {
  await migrateToLatest(db);
  await startSyncWorker();
  exposeDatabaseMetrics();
  realtime = startRealtime({ publicOrigin: null });
  const app = testHttpApp({ build, checkDatabase, checkReadiness });
  server = app.listen(PORT, "0.0.0.0");
  await new Promise((resolve) => server.once("listening", resolve));
  expect((server.address() as AddressInfo).port).toBe(PORT);
});

afterAll(async () => {
  await realtime.close();
  await new Promise((resolve) => server.close(resolve));
  await stopSyncWorker();
});

describe("GET /readyz before the first sync", () => {
  it("answers 503 with the reason in JSON", async () => {
    const answer = await get("/readyz");
    expect(answer.status).toBe(503);
    expect(answer.headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      status: "not ready",
      reason: "No sync has succeeded yet",
      provider: { source: "demo", status: "No Token Found", refusal: null },
    });
  });

  it("tells the provider's refusal of the saved token: its time, HTTP status and message", async () => {
    const tokenId = await insertProviderToken(db, "", { affiliate_uid: "2RW440E" });
    const at = "2026-11-21T12:00:00.000Z";
    await db
      .insertInto("sync_runs")
      .values({
        source: "provider",
        started_at: at,
        finished_at: at,
        outcome: "failed",
        error: "HTTP error! status: 401 (Unauthorized)",
        http_status: 401,
        provider_token_id: tokenId,
      })
      .execute();
    try {
      const answer = await get("/readyz");
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({
        provider: {
          source: "admin",
          status: "Token Refused",
          refusal: { at, httpStatus: 401, message: "HTTP error! status: 401 (Unauthorized)" },
        },
      });
    } finally {
      await db.deleteFrom("sync_runs").execute();
      await db.deleteFrom("provider_tokens").execute();
    }
  });
});

describe("the request log", () => {
  it("writes one JSON line per request with its fields, and no cookie or token", async () => {
    const userId = await insertUser(db, { username: "LogReader" });
    const { token } = await insertSession(db, userId);
    const cookie = await signedInCookie(token);

    const signedIn = await get("/leaderboard?page=2", { headers: { Cookie: cookie } });
    expect(signedIn.body).toBe("hello LogReader");
    const id = signedIn.headers["x-request-id"] as string;
    expect(id).toMatch(/^[\w-]{8,}$/);
    const [line, ...more] = await linesFor(id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      reqId: id,
      method: "GET",
      route: "/leaderboard",
      status: 200,
      userId,
    });
    expect(typeof line?.durationMs).toBe("number");

    const withBearer = await get("/user/12345", {
      headers: { Authorization: `Bearer ${token}`, Cookie: "other=secret-cookie-value" },
    });
    const [bearerLine] = await linesFor(withBearer.headers["x-request-id"] as string);
    expect(bearerLine).toMatchObject({ route: "/user/:id", status: 200 });
    expect(bearerLine).not.toHaveProperty("userId");

    const everything = logLines.join("\n");
    for (const secret of [token, cookie, "secret-cookie-value"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("echoes a sane incoming X-Request-Id and replaces any other", async () => {
    const kept = await get("/leaderboard", { headers: { "X-Request-Id": "trace-42.abc:7" } });
    expect(kept.headers["x-request-id"]).toBe("trace-42.abc:7");
    expect(await linesFor("trace-42.abc:7")).toHaveLength(1);

    const tooLong = "x".repeat(300);
    const replaced = await get("/leaderboard", { headers: { "X-Request-Id": tooLong } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
    expect(replaced.headers["x-request-id"]).not.toBe(tooLong);
  });
});

describe("GET /metrics", () => {
  it("has the request, sync, socket, outbox, race job and process series", async () => {
    await get("/leaderboard");
    await get("/no/such/page/9f3c1");
    const result = await runSync({
      config: { GOATED_API_BASE_URL: "http://127.0.0.1:9" },
    });
    expect(result.outcome).toBe("success");
    const backupFinishedAt = new Date(Date.now() - 3_600_000).toISOString();
    await db
      .insertInto("backup_runs")
      .values({
        started_at: backupFinishedAt,
        finished_at: backupFinishedAt,
        duration_ms: 10,
        outcome: "success",
        file_name: "goatedvips-test.sqlite.gz",
        size_bytes: 1,
      })
      .execute();
    // A Discord post given up on: an operator sees it beside the e-mails (docs/operations.md).
    await db
      .insertInto("channel_outbox")
      .values({
        provider: "discord",
        event: "announcement",
        text_body: "Given up",
        status: "failed",
        attempts: 5,
        next_attempt_at: backupFinishedAt,
        created_at: backupFinishedAt,
      })
      .execute();

    const answer = await get("/metrics");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain;.*version=0\.0\.4/);
    const text = answer.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/leaderboard",status="200"\} \d+/,
    );
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/leaderboard",status="200"\}/);
    // Unknown paths share one label; the raw URL never becomes one.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/\*",status="404"\} 1/);
    expect(text).not.toContain("9f3c1");
    expect(text).toMatch(/goatedvips_sync_runs_total\{outcome="success"\} 1/);
    expect(text).toMatch(/goatedvips_sync_duration_seconds_count\{outcome="success"\} 1/);
    expect(text).toMatch(/goatedvips_sync_players \d+/);
    expect(text).toMatch(/goatedvips_last_successful_sync_age_seconds \d/);
    // The backup an hour ago (docs/operations.md "Backups").
    expect(text).toMatch(/goatedvips_last_successful_backup_age_seconds 36\d\d/);
    expect(text).toMatch(/goatedvips_websocket_clients\{endpoint="\/ws\/leaderboard"\} 0/);
    expect(text).toMatch(/goatedvips_websocket_clients\{endpoint="\/ws\/chat"\} 0/);
    expect(text).toMatch(/goatedvips_websocket_clients\{endpoint="\/ws\/notifications"\} 0/);
    expect(text).toMatch(/goatedvips_email_outbox_messages\{status="queued"\} 0/);
    expect(text).toMatch(/goatedvips_email_outbox_messages\{status="failed"\} 0/);
    expect(text).toMatch(/goatedvips_push_outbox_messages\{status="queued"\} 0/);
    expect(text).toMatch(/goatedvips_channel_outbox_messages\{status="queued"\} 0/);
    expect(text).toMatch(/goatedvips_channel_outbox_messages\{status="failed"\} 1/);
    expect(text).toMatch(/goatedvips_race_job_runs_total\{outcome="success"\} \d/);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it.runIf(outsideAddress)("is refused from outside without METRICS_TOKEN set", async () => {
    delete process.env.METRICS_TOKEN;
    const answer = await get("/metrics", { from: outsideAddress });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain("http_requests_total");
  });

  it.runIf(outsideAddress)("takes a spoofed X-Forwarded-For for what it is", async () => {
    delete process.env.METRICS_TOKEN;
    const answer = await get("/metrics", {
      from: outsideAddress,
      headers: { "X-Forwarded-For": "127.0.0.1" },
    });
    expect(answer.status).toBe(403);
  });

  it.runIf(outsideAddress)("is served outside only with the right Bearer token", async () => {
    process.env.METRICS_TOKEN = "metrics-token-for-the-unit-test";
    try {
      const none = await get("/metrics", { from: outsideAddress });
      expect(none.status).toBe(401);
      expect(none.headers["www-authenticate"]).toBe("Bearer");
      const wrong = await get("/metrics", {
        from: outsideAddress,
        headers: { Authorization: "Bearer metrics-token-for-the-unit-tesT" },
      });
      expect(wrong.status).toBe(401);
      const spoofed = await get("/metrics", {
        from: outsideAddress,
        headers: { "X-Forwarded-For": "127.0.0.1" },
      });
      expect(spoofed.status).toBe(401);
      const right = await get("/metrics", {
        from: outsideAddress,
        headers: { Authorization: "Bearer metrics-token-for-the-unit-test" },
      });
      expect(right.status).toBe(200);
      expect(right.body).toContain("http_requests_total");
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });
});

describe("GET /readyz", () => {
  it("answers 200 after a recent successful sync", async () => {
    const answer = await get("/readyz");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "ready" });
  });

  it("answers 503 when the last successful sync is older than three intervals", async () => {
    const old = new Date(Date.now() - 3 * 300_000 - 60_000).toISOString();
    await db.updateTable("sync_runs").set({ started_at: old, finished_at: old }).execute();
    const answer = await get("/readyz");
    expect(answer.status).toBe(503);
    const { status, reason } = JSON.parse(answer.body) as { status: string; reason: string };
    expect(status).toBe("not ready");
    expect(reason).toMatch(
      /^The last successful sync finished 96\d s ago, more than three sync intervals \(900 s\)$/,
    );
  });

  it("answers 503 while a migration is pending", async () => {
    const recent = new Date().toISOString();
    await db.updateTable("sync_runs").set({ started_at: recent, finished_at: recent }).execute();
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const newest = rows[0]!;
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(db);
    try {
      const answer = await get("/readyz");
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({
        status: "not ready",
        reason: `Migrations not applied: ${newest.name}`,
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp)
        values (${newest.name}, ${newest.timestamp})`.execute(db);
    }
    expect((await get("/readyz")).status).toBe(200);
  });
});
