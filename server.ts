// The production (and development) server: express around the Remix handler, plus the websocket
// endpoints on the same port. Thin by design: behaviour lives in app/.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady } from "@remix-run/node";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { sql } from "kysely";
import morgan from "morgan";
import { databasePathFromEnv, migrateToLatest } from "./db";
import { readServerConfig, resolveSessionSecret, servedOverHttps } from "./app/lib/config.server";
import { CROSS_ORIGIN_MESSAGE, isSafeMethod, isSameOriginRequest } from "./app/lib/same-origin";
import { readProviderConfig } from "./app/provider/config.server";
import { startSyncSchedule } from "./app/jobs/sync-schedule.server";
import { describeSyncResult, runSync, syncGeneration } from "./app/jobs/sync.server";
import { TRUSTED_PROXIES } from "./app/lib/client-address.server";
import { anonymousPageCache } from "./app/lib/page-cache.server";
import { privateAnswersForUsers } from "./app/lib/private-answers.server";
import { startRealtime } from "./app/realtime";
import { db } from "./app/services/db.server";
import { sessionCookie } from "./app/services/sessions.server";
import { abandonUnfinishedSyncRuns } from "./app/services/sync-runs.server";
import { ensureAdmin } from "./app/services/users.server";
import { startRaceJobs } from "./app/services/race-jobs.server";
import { startSessionPurge } from "./app/jobs/session-purge.server";

const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Browser features the site never uses are switched off for it and anything it embeds; the
 * copy-code button writes to the clipboard from our own pages only.
 */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
  "clipboard-write=(self)",
].join(", ");

const config = readServerConfig();
const providerConfig = readProviderConfig();
const publicOrigin = config.PUBLIC_ORIGIN ?? null;

const { secret, generatedFile } = resolveSessionSecret(
  config.SESSION_SECRET,
  path.dirname(databasePathFromEnv()),
);
if (generatedFile) {
  console.warn(`SESSION_SECRET is not set: using the generated secret kept in ${generatedFile}`);
}
process.env.SESSION_SECRET = secret;

await migrateToLatest(db);
await abandonUnfinishedSyncRuns(new Date());

if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
  const outcome = await ensureAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);
  if (outcome !== "unchanged") console.log(`Admin account ${config.ADMIN_USERNAME}: ${outcome}`);
}

const buildUrl = pathToFileURL(path.resolve("build/index.js")).href;
const build = (await import(buildUrl)) as ServerBuild;
// `remix dev` sets REMIX_DEV_ORIGIN and waits for our ready signal; a plain start never has it.
const underRemixDev = build.mode === "development" && Boolean(process.env.REMIX_DEV_ORIGIN);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", TRUSTED_PROXIES);
app.use(compression());
app.use(morgan("tiny"));

let shuttingDown = false;
app.use((_req, res, next) => {
  if (shuttingDown) res.set("Connection", "close");
  res.locals.cspNonce = randomBytes(16).toString("base64");
  res.set("Permissions-Policy", PERMISSIONS_POLICY);
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`,
        ],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "media-src": ["'self'"],
        // Remix's development live reload talks to its own port.
        "connect-src": underRemixDev ? ["'self'", "ws://localhost:*"] : ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": servedOverHttps() ? [] : null,
      },
    },
    // HSTS only where the site really is https; it would pin a plain-http self-host otherwise.
    strictTransportSecurity: servedOverHttps(),
    // The PLAY and social links open in new tabs; a strict referrer policy keeps the path private.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  }),
);

app.use((req, res, next) => {
  const sameOrigin = isSameOriginRequest(
    { origin: req.get("origin"), host: req.get("host"), secFetchSite: req.get("sec-fetch-site") },
    publicOrigin,
  );
  if (isSafeMethod(req.method) || sameOrigin) return next();
  // API clients parse every /api/ answer as JSON (docs/decisions/0009).
  if (req.path.startsWith("/api/")) {
    res.status(403).json({ status: "error", message: CROSS_ORIGIN_MESSAGE });
    return;
  }
  res.status(403).type("text/plain").send(CROSS_ORIGIN_MESSAGE);
});

app.get("/healthz", async (_req, res) => {
  try {
    // Reads the schema, not just the connection: an unlinked or emptied file fails here.
    await sql`select count(*) from kysely_migration`.execute(db);
    res.type("text/plain").send("ok");
  } catch (error) {
    console.error("healthz: database did not answer", error);
    res.status(503).type("text/plain").send("database unavailable");
  }
});

// Fingerprinted assets never change; everything else in public/ may. A folder of public/ that
// shares a page's path (public/promotions) must not redirect the page to a trailing slash.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h", redirect: false }));

// Anything answered for a signed-in user (cookie or Bearer) is `private, no-store`.
app.use(privateAnswersForUsers(sessionCookie.name));
// Pages the app marks as depending on the URL alone (the leaderboard) are rendered once per sync
// for visitors without cookies or credentials (docs/decisions/0006).
app.use(anonymousPageCache({ generation: syncGeneration }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? "unknown",
    }),
  }),
);

const httpServer = createServer(app);
const realtime = startRealtime({
  publicOrigin,
  maxSocketsPerAddress: config.WS_MAX_SOCKETS_PER_ADDRESS,
});
httpServer.on("upgrade", realtime.handleUpgrade);
const stopRaceJobs = startRaceJobs();
const stopSessionPurge = startSessionPurge();

// Provider (or demo) data: now, then every SYNC_INTERVAL_SECONDS after each run ends.
const syncSchedule = startSyncSchedule({
  intervalMs: providerConfig.SYNC_INTERVAL_SECONDS * 1000,
  sync: () => runSync({ config: providerConfig }),
  onResult: (result) =>
    (result.outcome === "success" ? console.log : console.warn)(describeSyncResult(result)),
});

httpServer.listen(config.PORT, () => {
  console.log(`GoatedVIPs listening on http://localhost:${config.PORT} (${build.mode})`);
  if (underRemixDev) {
    broadcastDevReady(build).catch((error: unknown) => console.error("remix dev:", error));
  }
});

async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing in-flight requests, then stopping`);
  const forced = setTimeout(() => {
    console.error(`Shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; exiting now`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  // Stops accepting, closes idle keep-alive connections, and waits for in-flight requests.
  const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  await syncSchedule.stop();
  await stopRaceJobs();
  await stopSessionPurge();
  await realtime.close();
  await httpClosed;
  await db.destroy();
  clearTimeout(forced);
  console.log("Stopped");
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
