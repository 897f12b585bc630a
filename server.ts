// The production (and development) server. Thin by design: it loads the Remix build and starts
// what the build's server entry exports (app/server-runtime.server.ts: express around the Remix
// handler, the websockets, the jobs), so app/ is loaded once. It owns the process: its signals.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { startServerRuntime } from "./app/entry.server";

const SHUTDOWN_GRACE_MS = 10_000;

const buildUrl = pathToFileURL(path.resolve("build/index.js")).href;
const build = (await import(buildUrl)) as ServerBuild;
const entry = build.entry.module as unknown as { startServerRuntime: typeof startServerRuntime };
const runtime = await entry.startServerRuntime({ build });
const { logger } = runtime;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received: finishing in-flight requests, then stopping`);
  const forced = setTimeout(() => {
    logger.error(`Shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; exiting now`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  await runtime.stop();
  clearTimeout(forced);
  logger.info("Stopped");
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
