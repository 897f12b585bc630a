import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { createTestPostgresDatabase, postgresSkipReason } from "../postgres/scratch-database";
import { expect, test } from "./fixtures";
import { healthy, ownPort, startOwnServer } from "./own-server";
import type { OwnServer } from "./own-server";

// Issue 20's multi-process test (docs/decisions/0038): two production servers on one PostgreSQL,
// on ports of their own, syncing the demo source every 2 s.
const PORTS = [ownPort("multi-process-0"), ownPort("multi-process-1")];
const JOB_LEADER_INTERVAL_SECONDS = 2;
const LEADER_LINE = "this process holds the job lock and runs the jobs";
const PASSWORD = "goat-secret-1";

type ServerProcess = OwnServer;

function startServer(port: number, databaseUrl: string): ServerProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), "goatedvips-multi-"));
  // Plain node running the built server, no runner between: SIGKILL must reach the process that
  // holds the job lock.
  return startOwnServer(port, {
    DATABASE_URL: databaseUrl,
    DATABASE_PATH: path.join(dataDir, "goatedvips.sqlite"),
    // No start-up pg_dump (decision 0053): these tests are about the job lock, not backups.
    BACKUP_INTERVAL_HOURS: "0",
    SESSION_SECRET: E2E_SESSION_SECRET,
    GOATED_API_TOKEN: "",
    SYNC_INTERVAL_SECONDS: "2",
    JOB_LEADER_INTERVAL_SECONDS: String(JOB_LEADER_INTERVAL_SECONDS),
  });
}

/** A websocket on one process, keeping every message it got. */
async function openSocket(server: ServerProcess, endpoint: string, token?: string) {
  const socket = new WebSocket(`ws://localhost:${server.port}${endpoint}`, {
    origin: server.origin,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const messages: Record<string, unknown>[] = [];
  socket.on("message", (data) =>
    messages.push(JSON.parse(String(data)) as Record<string, unknown>),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { socket, messages, ofType: (type: string) => messages.filter((m) => m.type === type) };
}

test("two processes on one PostgreSQL share pushes and hand the jobs over", async ({}, info) => {
  test.skip(info.project.name !== "js-off", "a server-level test: one project is enough");
  test.skip(Boolean(postgresSkipReason), postgresSkipReason ?? "");
  test.setTimeout(180_000);

  // An empty database (the first server migrates it) in a throwaway cluster, or TEST_POSTGRES_URL's.
  const database = await createTestPostgresDatabase({ sharedTables: false });
  const servers: ServerProcess[] = [];
  const sockets: WebSocket[] = [];
  try {
    // One after the other: the first migrates the empty database.
    for (const port of PORTS) {
      const server = startServer(port, database.url);
      servers.push(server);
      await healthy(server);
    }
    await expect.poll(() => servers.filter((s) => s.output().includes(LEADER_LINE)).length).toBe(1);
    const leader = servers.find((s) => s.output().includes(LEADER_LINE));
    const follower = servers.find((s) => s !== leader);
    if (!leader || !follower) throw new Error("one leader and one follower expected");

    // A sync run by the lock holder reaches a leaderboard socket on each process.
    const boards = await Promise.all(servers.map((s) => openSocket(s, "/ws/leaderboard")));
    sockets.push(...boards.map((b) => b.socket));
    for (const board of boards) {
      await expect
        .poll(() => board.ofType("LEADERBOARD_UPDATE").length, { timeout: 30_000 })
        .toBeGreaterThan(0);
    }

    // A chat message sent through one process reaches the sender's other tab on the other.
    const username = `goat_${randomBytes(4).toString("hex")}`;
    const registered = await fetch(`${follower.origin}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: follower.origin },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const [chatOnLeader, chatOnFollower] = await Promise.all(
      [leader, follower].map((s) => openSocket(s, "/ws/chat", token)),
    );
    if (!chatOnLeader || !chatOnFollower) throw new Error("two chat sockets expected");
    sockets.push(chatOnLeader.socket, chatOnFollower.socket);
    chatOnLeader.socket.send(
      JSON.stringify({ type: "chat_message", message: "Hello from the other process" }),
    );
    await expect
      .poll(() => chatOnFollower.ofType("chat_message").map((m) => m.message), { timeout: 15_000 })
      .toEqual(["Hello from the other process"]);

    // A race that has ended: whoever runs the jobs completes it, once.
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const { rows } = await database.query(
      `INSERT INTO races (title, type, status, prize_pool_cents, min_wager, start_date, end_date,
         prize_distribution, is_automatic, created_at, updated_at)
       VALUES ('Multi-process race', 'weekly', 'live', 10000, 0, $1, $2, '{"1":100}', 0, $3, $3)
       RETURNING id`,
      [iso(now - 86_400_000), iso(now - 60_000), iso(now - 86_400_000)],
    );
    const raceId = (rows[0] as { id: number } | undefined)?.id;

    // Killing the job holder hands the jobs to the other within one interval (plus slack for a
    // loaded machine); the new holder's first race pass completes the race.
    leader.child.kill("SIGKILL");
    await expect
      .poll(() => follower.output().includes(LEADER_LINE), {
        timeout: JOB_LEADER_INTERVAL_SECONDS * 1000 + 8_000,
      })
      .toBe(true);
    const followerBoard = boards[servers.indexOf(follower)];
    if (!followerBoard) throw new Error("the follower's leaderboard socket is missing");
    const completions = () =>
      followerBoard.ofType("RACE_COMPLETED").filter((m) => {
        const data = m.data as { raceId: number };
        return data.raceId === raceId;
      });
    await expect.poll(() => completions().length, { timeout: 30_000 }).toBe(1);
    // The new holder keeps syncing (pushes keep coming), and the race stays completed once.
    const updates = followerBoard.ofType("LEADERBOARD_UPDATE").length;
    await expect
      .poll(() => followerBoard.ofType("LEADERBOARD_UPDATE").length, { timeout: 30_000 })
      .toBeGreaterThan(updates + 1);
    expect(completions()).toHaveLength(1);
    const status = await database.query("SELECT status FROM races WHERE id = $1", [raceId]);
    expect(status.rows[0]).toEqual({ status: "completed" });
  } finally {
    for (const server of servers) {
      await info.attach(`server on ${server.port}`, {
        body: server.output(),
        contentType: "text/plain",
      });
    }
    for (const socket of sockets) socket.terminate();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
});
