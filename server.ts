// The production (and development) server. Thin by design: it loads the Remix build and starts
// what the build's server entry exports (app/server-runtime.server.ts: express around the Remix
// handler, the websockets, the jobs), so app/ is loaded once. It owns the process: its signals.
// Production runs it as build/server.js with plain `node` (scripts/build-server-entries.mjs,
// docs/decisions/0051), so a SIGTERM reaches this process and nothing kills it meanwhile.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { startServerRuntime } from "./app/entry.server";

const buildUrl = pathToFileURL(path.resolve("build/index.js")).href;
const build = (await import(buildUrl)) as ServerBuild;
const entry = build.entry.module as unknown as { startServerRuntime: typeof startServerRuntime };
const runtime = await entry.startServerRuntime({ build });
const { logger, shutdownGraceMs } = runtime;

let stopping = false;
async function shutdown(signal: string) {
  // A second signal (a process manager's, then the process group's) changes nothing.
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received: finishing in-flight requests, then stopping`);
  const forced = setTimeout(() => {
    logger.error(`Shutdown took longer than ${shutdownGraceMs / 1000} s; exiting now`);
    process.exit(1);
  }, shutdownGraceMs);
  forced.unref();
  await runtime.stop();
  clearTimeout(forced);
  logger.info("Stopped");
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
