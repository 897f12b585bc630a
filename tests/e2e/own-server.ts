import { spawn } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { expect } from "./fixtures";

// The specs that need a production server of their own (a fault, a setting or a stop the shared
// one must not see) start it here: the built server (`npm run build` runs before the browser
// tests) with plain node, as production runs it (build/server.js), on a port of its own beside
// E2E_PORT so that two checkouts can run their suites at once.

/** Each own server's distance from E2E_PORT: one table, so no two specs can share a port. */
export const OWN_PORT_OFFSETS = {
  "provider-setup-js-off": 80,
  "provider-setup-js-on": 82,
  "data-age-js-off": 84,
  "data-age-js-on": 86,
  lifecycle: 88,
  "demo-data": 89,
  "backup-restore": 90,
  "npm-start": 91,
  "together-0": 92,
  "together-1": 93,
  "listen-host": 94,
  "multi-process-0": 95,
  "multi-process-1": 96,
  "name-privacy-js-off": 97,
  "name-privacy-js-on": 98,
  "channels-js-off": 99,
  "channels-js-on": 100,
  "telegram-link-js-off": 101,
  "telegram-link-js-on": 102,
} as const;

export function ownPort(name: keyof typeof OWN_PORT_OFFSETS): number {
  return Number(process.env.E2E_PORT ?? 3311) + OWN_PORT_OFFSETS[name];
}

export interface OwnServer {
  port: number;
  origin: string;
  child: ChildProcessWithoutNullStreams;
  /** Everything the server wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit (at once when it has already exited). */
  stop(): Promise<void>;
}

// A test that times out never reaches its `finally`: the worker is then shut down, and whatever
// server it left running goes with it, instead of answering on the port in a later run.
const running = new Set<ChildProcessWithoutNullStreams>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Starts build/server.js in production mode on `port` with `env` over the test's environment. Not
 * waited for: see `healthy`.
 */
export function startOwnServer(port: number, env: Record<string, string | undefined>): OwnServer {
  const child = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    port,
    origin: `http://localhost:${port}`,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (running.has(child)) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * Waits until the server's /healthz answers 200; fails at once, with its output, if it exits first
 * (a port already taken, a bad setting).
 */
export async function healthy(server: OwnServer, timeout = 60_000) {
  await expect
    .poll(
      async () => {
        if (!running.has(server.child)) {
          throw new Error(`the server on ${server.port} exited:\n${server.output()}`);
        }
        return (await fetch(`${server.origin}/healthz`).catch(() => null))?.status;
      },
      { timeout },
    )
    .toBe(200);
}
