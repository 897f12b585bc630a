import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import Database from "better-sqlite3";
import WebSocket from "ws";
import { expect, test } from "./fixtures";
import { healthy, ownPort, startOwnServer } from "./own-server";

// A server of its own (not the shared one), to stop it.
const PORT = ownPort("lifecycle");

test("SIGTERM closes sockets with 1001 and stops the server cleanly within 10 s", async ({}, info) => {
  test.skip(info.project.name !== "js-off", "a server-level test: one project is enough");
  test.setTimeout(90_000);
  rmSync("tests/.tmp/lifecycle", { recursive: true, force: true });
  const server = startOwnServer(PORT, {
    DATABASE_PATH: "tests/.tmp/lifecycle/goatedvips.sqlite",
    SESSION_SECRET: "",
    BACKUP_INTERVAL_HOURS: "0",
  });
  try {
    await healthy(server, 60_000);
    // Without SESSION_SECRET the server made one in the data folder and said so.
    expect(server.output()).toContain("SESSION_SECRET is not set");
    expect(server.output()).toContain("tests/.tmp/lifecycle/session-secret");

    const socket = new WebSocket(`ws://localhost:${PORT}/ws/leaderboard`, {
      origin: server.origin,
    });
    await new Promise((resolve) => socket.once("message", resolve));
    const closeCode = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));

    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(await closeCode).toBe(1001);
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain("Stopped");
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow();
  } finally {
    await server.stop();
  }
});

// `npm start` as a service manager runs it, on a port of its own.
const START_PORT = ownPort("npm-start");
const START_ORIGIN = `http://localhost:${START_PORT}`;

/** The processes of one process group: pid, parent pid and command line. */
function processGroup(pgid: number) {
  const listing = execFileSync("ps", ["-e", "-o", "pid=,ppid=,pgid=,args="], { encoding: "utf8" });
  return listing
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null && Number(match[3]) === pgid)
    .map((match) => ({
      pid: Number(match?.[1]),
      ppid: Number(match?.[2]),
      args: match?.[4] ?? "",
    }));
}

/** A registration sent up to half its body: `finish` sends the rest; `status` is the answer's. */
function heldRegistration(body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const request = httpRequest(`${START_ORIGIN}/api/auth/register`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Content-Length": bytes.length,
      Origin: START_ORIGIN,
    },
  });
  const status = new Promise<number | undefined>((resolve, reject) => {
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on("error", reject);
  });
  request.write(bytes.subarray(0, half));
  return { status, finish: () => request.end(bytes.subarray(half)) };
}

/** The server's own count of requests under way, the scrape that reads it included. */
async function requestsInFlight(): Promise<number> {
  const metrics = await (await fetch(`${START_ORIGIN}/metrics`)).text();
  return Number(/^http_requests_in_flight (\d+)$/m.exec(metrics)?.[1] ?? 0);
}

test("npm start runs the server as plain node; a SIGTERM to its process group answers and stores six registrations in flight", async ({}, info) => {
  test.skip(info.project.name !== "js-off", "a server-level test: one project is enough");
  test.setTimeout(300_000);
  const folder = "tests/.tmp/restart";
  rmSync(folder, { recursive: true, force: true });
  // Its own process group, as systemd's control group or a shell's job would be.
  const npm = spawn("npm", ["start"], {
    detached: true,
    env: {
      ...process.env,
      PORT: String(START_PORT),
      DATABASE_PATH: `${folder}/goatedvips.sqlite`,
      SESSION_SECRET: "restart-secret-that-is-long-enough-to-sign",
      GOATED_API_TOKEN: "",
      REGISTRATIONS_PER_IP_PER_HOUR: "1000",
      // Hashing runs below the other work's priority: on a test machine busy with other suites
      // six hashes can outlast the default 30 s, which is not what this test is about.
      SHUTDOWN_GRACE_SECONDS: "120",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const group = npm.pid;
  if (group === undefined) throw new Error("npm did not start");
  let output = "";
  npm.stdout.on("data", (chunk) => (output += chunk));
  npm.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.on("exit", (code) => resolve(code)));
  try {
    await expect
      .poll(async () => (await fetch(`${START_ORIGIN}/healthz`).catch(() => null))?.status, {
        timeout: 120_000,
      })
      .toBe(200);

    // npm's child is node running the built server: no tsx relay and no shell in between.
    const processes = processGroup(group);
    expect(processes.filter((p) => /\btsx\b/.test(p.args))).toEqual([]);
    expect(processes.find((p) => p.ppid === group)?.args).toMatch(/^\S*node build\/server\.js$/);

    // Six sign-ups, each a password hash at the production cost. Each sends its headers and half
    // its body, so the server holds all six however fast it hashes; SIGTERM lands then, and the
    // bodies' ends follow it: all six are read, hashed (queued for the hashing threads together)
    // and stored during the shutdown.
    const usernames = Array.from({ length: 6 }, (_, i) => `restart_${i}_${Date.now() % 100_000}`);
    const registrations = usernames.map((username) =>
      heldRegistration(
        JSON.stringify({ username, email: `${username}@example.com`, password: "goat-secret-1" }),
      ),
    );
    await expect.poll(requestsInFlight, { intervals: [20] }).toBe(usernames.length + 1);
    process.kill(-group, "SIGTERM");
    // The signal has reached the server once it refuses new connections.
    await expect
      .poll(() =>
        fetch(`${START_ORIGIN}/healthz`).then(
          () => "open",
          () => "closed",
        ),
      )
      .toBe("closed");
    for (const registration of registrations) registration.finish();

    expect(await Promise.all(registrations.map((registration) => registration.status))).toEqual(
      usernames.map(() => 201),
    );
    expect(await exited).toBe(0);
    expect(output).toContain("Stopped");
    const database = new Database(`${folder}/goatedvips.sqlite`, { readonly: true });
    const stored = database
      .prepare(`SELECT username FROM users WHERE username IN (${usernames.map(() => "?").join()})`)
      .pluck()
      .all(...usernames);
    database.close();
    expect(stored.sort()).toEqual([...usernames].sort());
  } finally {
    await info.attach("npm start", { body: output, contentType: "text/plain" });
    // Whatever is left of the group after a failure.
    if (processGroup(group).length > 0) process.kill(-group, "SIGKILL");
  }
});
