import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import WebSocket from "ws";
import { expect, test } from "./fixtures";

// A server of its own (not the shared one), to stop it; beside the shared port so that two
// checkouts can run their suites at once.
const PORT = Number(process.env.E2E_PORT ?? 3311) + 88;
const ORIGIN = `http://localhost:${PORT}`;

test("SIGTERM closes sockets with 1001 and stops the server cleanly within 10 s", async ({}, info) => {
  test.skip(info.project.name !== "js-off", "a server-level test: one project is enough");
  rmSync("tests/.tmp/lifecycle", { recursive: true, force: true });
  const server = spawn("node_modules/.bin/tsx", ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_PATH: "tests/.tmp/lifecycle/goatedvips.sqlite",
      SESSION_SECRET: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    server.on("exit", (code) => resolve(code)),
  );

  await expect
    .poll(async () => (await fetch(`${ORIGIN}/healthz`).catch(() => null))?.status, {
      timeout: 30_000,
    })
    .toBe(200);
  // Without SESSION_SECRET the server made one in the data folder and said so.
  expect(output).toContain("SESSION_SECRET is not set");
  expect(output).toContain("tests/.tmp/lifecycle/session-secret");

  const socket = new WebSocket(`ws://localhost:${PORT}/ws/leaderboard`, { origin: ORIGIN });
  await new Promise((resolve) => socket.once("message", resolve));
  const closeCode = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));

  const started = Date.now();
  server.kill("SIGTERM");
  expect(await closeCode).toBe(1001);
  expect(await exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(output).toContain("Stopped");
  await expect(fetch(`${ORIGIN}/healthz`)).rejects.toThrow();
});
