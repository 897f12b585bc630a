import { randomBytes } from "node:crypto";
import path from "node:path";
import { broadcastDevReady } from "@remix-run/node";
import type { ServerBuild } from "@remix-run/node";
import { databasePathFromEnv } from "~db";
import { startBackupJob } from "~/jobs/backup.server";
import {
  configuredCommunityApi,
  startCommunityChannelJobs,
} from "~/jobs/community-channels.server";
import { startEmailJobs } from "~/jobs/email.server";
import { startPushJob } from "~/jobs/push.server";
import { startRetentionJob } from "~/jobs/retention.server";
import { backupDirectory, readServerConfig, resolveSessionSecret } from "~/server/config.server";
import { lockDatabase } from "~/server/database-lock.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { createExpressServer } from "~/http/express-server.server";
import { createHttpApp } from "~/http/http-app.server";
import { startJobLeader } from "~/server/job-leader.server";
import { logger } from "~/server/logger.server";
import { warmUp, warmUpWhenData } from "~/server/warm-up.server";
import type { MemberWarmUp } from "~/server/warm-up.server";
import { leaderboardSnapshot } from "~/services/players/leaderboard-snapshot.server";
import { readProviderConfig } from "~/server/provider-config.server";
import { startSyncSchedule } from "~/jobs/sync-schedule.server";
import { describeSyncResult, runSync, syncGeneration, wagerFlagsSettled } from "~/jobs/sync.server";
import { stopSyncWorker } from "~/jobs/sync-thread.server";
import { connectionTester } from "~/provider/client.server";
import { communityChannelTester } from "~/provider/community-channels.server";
import { abandonUnfinishedSyncRuns } from "~/services/operations/sync-runs.server";
import { startRealtime } from "~/realtime/sockets.server";
import {
  checkDatabase,
  closeDatabase,
  prepareDatabase,
} from "~/services/operations/database-setup.server";
import { exposeDatabaseMetrics } from "~/services/operations/operations-metrics.server";
import { checkReadiness } from "~/services/operations/readiness.server";
import { startRaceJobs } from "~/jobs/race-completion.server";
import { sessionCookie } from "~/http/cookies.server";
import { shellPartsRenderer } from "~/components/shell/shell-parts.server";
import { requestShell } from "~/services/auth/shell-user.server";
import { forgetPlayerNamePolicy, playerNamesVersion } from "~/services/players/player-names.server";

/**
 * Everything the server runs, started from the Remix build (app/entry.server.tsx exports this), so
 * server.ts loads app/ once and the process holds one copy of its in-memory state (the event bus,
 * the throttles, the database connection). Prepares the database, then serves http and the
 * websockets on PORT and starts the jobs. `stop` finishes in-flight requests and stops it all.
 */
export async function startServerRuntime({ build }: { build: ServerBuild }) {
  const config = readServerConfig();
  const providerConfig = readProviderConfig();
  const publicOrigin = config.PUBLIC_ORIGIN ?? null;
  const databasePath = databasePathFromEnv();
  const shutdownGraceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
  // Held for the server's life: `npm run restore` refuses while it is (docs/decisions/0032). A
  // previous server may still be finishing its shutdown (the grace at most: server.ts). PostgreSQL
  // is shared by several processes and not restored from a file: no lock there.
  const unlockDatabase = config.DATABASE_URL
    ? () => {}
    : lockDatabase(databasePath, { waitMs: shutdownGraceMs + 5_000 });

  const { secret, generatedFile } = resolveSessionSecret(
    config.SESSION_SECRET,
    path.dirname(databasePath),
  );
  if (generatedFile) {
    logger.warn(`SESSION_SECRET is not set: using the generated secret kept in ${generatedFile}`);
  }
  process.env.SESSION_SECRET = secret;

  await prepareDatabase(
    config.ADMIN_USERNAME && config.ADMIN_PASSWORD
      ? { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }
      : null,
  );

  // `remix dev` sets REMIX_DEV_ORIGIN and waits for our ready signal; a plain start never has it.
  const communityApi = configuredCommunityApi();
  const underRemixDev = build.mode === "development" && Boolean(process.env.REMIX_DEV_ORIGIN);
  let shuttingDown = false;
  const httpServer = createExpressServer(
    createHttpApp({
      build,
      publicOrigin,
      adminHost: config.ADMIN_HOST ?? null,
      underRemixDev,
      shuttingDown: () => shuttingDown,
      checkDatabase,
      checkReadiness,
      sessionCookieName: sessionCookie.name,
      // A page shows names as the masking setting says: a change is a new page too (0081).
      syncGeneration: () => syncGeneration() + playerNamesVersion(),
      // Signed-in pages spliced from the visitor's (docs/decisions/0042).
      signedInFrame: { read: requestShell, renderer: shellPartsRenderer },
      maxRequestsWaiting: config.HTTP_MAX_REQUESTS_WAITING,
      testProviderConnection: connectionTester(providerConfig.GOATED_API_BASE_URL),
      testCommunityChannel: communityChannelTester(communityApi),
    }),
    {
      headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    },
  );
  const realtime = startRealtime({
    publicOrigin,
    maxSocketsPerAddress: config.WS_MAX_SOCKETS_PER_ADDRESS,
  });
  httpServer.on("upgrade", realtime.handleUpgrade);
  // The masking setting or a member's choice changed in another process: show names anew.
  const stopNamesReload = eventBus.subscribe("player-names.changed", forgetPlayerNamePolicy);
  exposeDatabaseMetrics();
  // Sync, race completion, e-mail, push, community channels, retention and backups. On
  // PostgreSQL several processes may share the database: only the job lock's holder runs them.
  const startJobs = () => {
    const stopRaceJobs = startRaceJobs();
    const stopRetentionJob = startRetentionJob();
    const stopEmailJobs = startEmailJobs();
    const stopPushJob = startPushJob();
    const stopChannelJobs = startCommunityChannelJobs({ api: communityApi });
    const stopBackupJob = startBackupJob({
      databasePath,
      databaseUrl: config.DATABASE_URL,
      dir: backupDirectory(config, databasePath),
      keep: config.BACKUP_KEEP,
      command: config.BACKUP_COMMAND,
      intervalHours: config.BACKUP_INTERVAL_HOURS,
    });
    // The runs a gone process left 'running': no other process runs the jobs now (on SQLite the
    // database lock, on PostgreSQL the job lock, says so), so none of them is still going.
    const leftRunsClosed = abandonUnfinishedSyncRuns(new Date()).catch((error: unknown) =>
      logger.error({ err: error }, "sync: closing the runs a stopped process left failed"),
    );
    // Provider (or demo) data: now, then every SYNC_INTERVAL_SECONDS after each run ends.
    const syncSchedule = startSyncSchedule({
      intervalMs: providerConfig.SYNC_INTERVAL_SECONDS * 1000,
      sync: () => leftRunsClosed.then(() => runSync({ config: providerConfig })),
      onResult: (result) =>
        result.outcome === "success"
          ? logger.info({ sync: result }, describeSyncResult(result))
          : logger.warn({ sync: result }, describeSyncResult(result)),
    });
    // Settings saved or removed on /admin/api-tokens (in any process): sync with them now.
    const stopSyncOnSettings = eventBus.subscribe("provider.settings-changed", () =>
      syncSchedule.runNow(),
    );
    return async () => {
      stopSyncOnSettings();
      await syncSchedule.stop();
      // The last sync's wager flag rules read the database the stop closes next.
      await wagerFlagsSettled();
      await stopSyncWorker();
      await stopRaceJobs();
      await stopRetentionJob();
      await stopEmailJobs();
      await stopPushJob();
      await stopChannelJobs();
      await stopBackupJob();
    };
  };
  const jobs = config.DATABASE_URL
    ? startJobLeader({
        connectionString: config.DATABASE_URL,
        intervalMs: config.JOB_LEADER_INTERVAL_SECONDS * 1000,
        startJobs,
      })
    : { stop: startJobs() };

  // A production process runs its main pages' code with its data before most of its first
  // visitors come (docs/decisions/0112): at once when the database has synced data, else after
  // the first sync that stores some.
  let stopWarmUp = () => {};
  // Without HOST, every interface (Node's default); with it, that address only.
  httpServer.listen({ port: config.PORT, host: config.HOST }, () => {
    if (build.mode === "production") {
      stopWarmUp = warmUpWhenData({
        hasData: async () => (await leaderboardSnapshot()).lastUpdated !== null,
        onDataChanged: (listener) => eventBus.subscribe("leaderboard.updated", listener),
        warm: async () => {
          const warmed = await warmUp(httpServer, memberWarmUp);
          logger.info(`warmed up: ${warmed.rounds} rounds of the main pages in ${warmed.ms} ms`);
        },
      });
    }
    const host = config.HOST?.includes(":") ? `[${config.HOST}]` : (config.HOST ?? "localhost");
    logger.info(`GoatedVIPs listening on http://${host}:${config.PORT} (${build.mode})`);
    if (underRemixDev) {
      broadcastDevReady(build).catch((error: unknown) => logger.error({ err: error }, "remix dev"));
    }
  });

  return {
    /** The process's structured log, for server.ts's own lines. */
    logger,
    /** How long `stop` may take before server.ts gives up on it (SHUTDOWN_GRACE_SECONDS). */
    shutdownGraceMs,
    /**
     * Stops accepting, closes the sockets, waits for the requests in flight (their queued
     * password hashes included) and for a running sync to commit or roll back, then closes the
     * event bus and the database.
     */
    async stop() {
      shuttingDown = true;
      stopWarmUp();
      // Closes idle keep-alive connections, and waits for in-flight requests.
      const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      // Sockets first: their clients are told "going away" (1001) at once, whatever the jobs
      // below still have to finish (a start-up backup or sync can take seconds).
      stopNamesReload();
      await realtime.close();
      // The requests still publish (a sign-up's notifications) and query: the bus and the
      // database close after them.
      await Promise.all([jobs.stop(), httpClosed]);
      await eventBus.close();
      await closeDatabase();
      unlockDatabase();
    },
  };
}

/** The signed-in half of a request, for a member who does not exist (nothing is written). */
export const memberWarmUp: MemberWarmUp = {
  async renderFrame(url, round) {
    const parts = await shellPartsRenderer(url);
    parts.render({
      user: {
        username: "warm-up",
        isAdmin: round % 2 === 1,
        totalWagered: round * 1_000,
        unreadNotifications: round % 3,
        newBonusCode: round % 2 === 0,
        supportUnread: round % 4,
      },
      toast: null,
    });
  },
  async lookUp(url) {
    const [cookie = ""] = (
      await sessionCookie.serialize(randomBytes(24).toString("base64url"))
    ).split(";");
    await requestShell(new Request(url, { headers: { Cookie: cookie } }));
  },
};
