import { eventBus } from "~/server/domain-event-bus.server";
import { yieldToEventLoop } from "~/server/event-loop.server";
import { logger } from "~/server/logger.server";
import { observeSyncRun } from "~/server/metrics.server";
import type { ProviderConfig } from "~/server/provider-config.server";
import { leaderboardSnapshot } from "~/services/players/leaderboard-snapshot.server";
import { isRefusal, providerSettingsInForce } from "~/domain/provider-token";
import {
  latestProviderToken,
  markProviderTokenUsed,
  warnOfExpiringToken,
  warnOfRefusedSync,
} from "~/services/admin/provider-tokens.server";
import { linkedUserRanks, notifyRankUps } from "~/services/players/rank-ups.server";
import { raceStandingsBeforeSync, sendRaceAlerts } from "~/services/races/race-alerts.server";
import { finishSyncRun, startSyncRun } from "~/services/operations/sync-runs.server";
import type { SyncSource } from "~/services/operations/sync-runs.server";
import { dialect } from "~/services/db.server";
import { evaluateWagerFlags } from "~/services/players/wager-flags.server";
import { fetchAndStoreOffThread } from "./sync-thread.server";
import { fetchAndStore } from "./sync-worker.server";
import type { SyncWork, SyncWorkResult } from "./sync-worker.server";

export type SyncResult =
  | { outcome: "success"; source: SyncSource; players: number; skipped: number; changed: number }
  | {
      outcome: "failed";
      source: SyncSource;
      error: string;
      rateLimited?: true;
      retryAfterMs?: number;
    };

export interface SyncOptions {
  config: Pick<ProviderConfig, "GOATED_API_BASE_URL" | "GOATED_AFFILIATE_UID" | "GOATED_API_TOKEN">;
  now?: () => Date;
  timeoutMs?: number;
}

/** A provider token with no affiliate code from the environment or the admin area. */
export const NO_AFFILIATE_UID =
  "No affiliate code: save it at /admin/api-tokens or set GOATED_AFFILIATE_UID";

let inFlight: Promise<SyncResult> | null = null;
let finishedRuns = 0;
let flagsAfterSync: Promise<void> = Promise.resolve();

/** Settles once the wager flag rules of every finished sync have run (tests, shutdown). */
export function wagerFlagsSettled(): Promise<void> {
  return flagsAfterSync;
}

/** Moves on after every finished sync run: what the pages show may have changed. */
export function syncGeneration(): number {
  return finishedRuns;
}

/**
 * One sync: fetch the referrals (provider with GOATED_API_TOKEN, else the admin-saved settings,
 * else the demo source), store them, record the run, and publish the leaderboard update when data changed.
 * A failed fetch stores nothing, so the last good data stays. A call while a sync is running joins
 * it rather than starting a second one.
 */
export function runSync(options: SyncOptions): Promise<SyncResult> {
  inFlight ??= timedSync(options).finally(() => {
    inFlight = null;
    finishedRuns += 1;
  });
  return inFlight;
}

/** A sync whose outcome and duration go to the metrics (goatedvips_sync_*). */
async function timedSync(options: SyncOptions): Promise<SyncResult> {
  const startedAt = performance.now();
  const seconds = () => (performance.now() - startedAt) / 1000;
  try {
    const result = await syncOnce(options);
    observeSyncRun(result.outcome, seconds());
    return result;
  } catch (error) {
    observeSyncRun("failed", seconds());
    throw error;
  }
}

async function syncOnce({ config, now = () => new Date(), timeoutMs }: SyncOptions) {
  // The admin-saved settings, read afresh each run; the environment's win (providerSettingsInForce).
  const env = { token: config.GOATED_API_TOKEN, affiliateUid: config.GOATED_AFFILIATE_UID };
  const saved = config.GOATED_API_TOKEN ? null : await latestProviderToken();
  const settings = providerSettingsInForce(env, saved);
  const source: SyncSource = settings.source === "demo" ? "demo" : "provider";
  const runId = await startSyncRun(source, now(), settings.savedId);
  // The admins hear once when the token in use is about to expire; the sync goes on regardless.
  if (saved) {
    await warnOfExpiringToken(now()).catch((error: unknown) => {
      logger.error({ err: error }, "sync: the token expiry notice failed");
    });
  }

  let work: SyncWork | null = null;
  // The instant the store writes as the changed players' wager_changed_at and snapshots' taken_at.
  const storedAt = now().toISOString();
  if (source === "demo") {
    work = { source: "demo", now: storedAt, runId };
  } else if (settings.affiliateUid) {
    if (saved) await markProviderTokenUsed(saved.id, now());
    const endpoint = {
      baseUrl: config.GOATED_API_BASE_URL,
      affiliateUid: settings.affiliateUid,
      token: settings.token,
    };
    work = { source: "provider", endpoint, timeoutMs, now: storedAt, runId };
  }
  let done: SyncWorkResult;
  // Linked users' ranks before the store: those who rose are told after it (docs/product.md §P10).
  const ranksBefore = await linkedUserRanks();
  // The race's standings before the store, kept for the race alerts' comparison after it.
  const raceBefore = await raceStandingsBeforeSync(now()).catch((error: unknown) => {
    logger.error({ err: error }, "sync: the race standings before the sync failed");
    return null;
  });
  try {
    // SQLite stores on the sync worker thread (0019); pg's writes never hold the event loop.
    const store = dialect === "postgres" ? fetchAndStore : fetchAndStoreOffThread;
    done = work ? await store(work) : { ok: false, stage: "fetch", error: NO_AFFILIATE_UID };
  } catch (error) {
    // The thread died or was stopped: what it committed stays (docs/decisions/0013).
    done = {
      ok: false,
      stage: "store",
      error: error instanceof Error ? error.message : String(error),
    };
  }

  if (!done.ok) {
    const httpStatus = done.stage === "fetch" ? (done.status ?? null) : null;
    const said = done.stage === "fetch" && done.providerMessage ? ` (${done.providerMessage})` : "";
    const recorded = done.stage === "store" ? `Storing failed: ${done.error}` : done.error + said;
    const finishedAt = now();
    await finishSyncRun(runId, { outcome: "failed", error: recorded, httpStatus }, finishedAt);
    const refusal = {
      outcome: "failed",
      at: finishedAt.toISOString(),
      httpStatus,
      error: recorded,
      players: 0,
    } as const;
    // The admins hear once when the provider starts refusing the token, not every run.
    if (isRefusal(refusal)) {
      await warnOfRefusedSync(runId, settings.savedId, refusal, finishedAt).catch(
        (error: unknown) => logger.error({ err: error }, "sync: the refusal notice failed"),
      );
    }
    return done.stage === "fetch"
      ? ({
          outcome: "failed",
          source,
          error: done.error,
          rateLimited: done.rateLimited,
          retryAfterMs: done.retryAfterMs,
        } satisfies SyncResult)
      : ({ outcome: "failed", source, error: done.error } satisfies SyncResult);
  }
  const { changed } = done;
  const counts = { players: done.players, skipped: done.skipped, changed };
  await finishSyncRun(runId, { outcome: "success", ...counts }, now());
  // After a sync that changed many players each step below holds the server's thread for tens of
  // milliseconds (SQLite answers on it); chained by promises alone they ran as one task, which
  // requests waited behind, so each starts after a turn of the event loop.
  if (changed > 0) {
    await yieldToEventLoop();
    await notifyRankUps(ranksBefore, now());
    await yieldToEventLoop();
    const snapshot = await leaderboardSnapshot();
    await eventBus.publish("leaderboard.updated", { snapshot, at: now().toISOString() });
    await yieldToEventLoop();
    // After the open pages' update, which waits for nothing a player alone is told.
    await sendRaceAlerts(raceBefore, now()).catch((error: unknown) =>
      logger.error({ err: error }, "sync: the race alerts failed"),
    );
  }
  // The wager flag rules read what the sync stored, once its result is visible, and outside the
  // sync's own time (a benchmarked budget): one evaluation at a time, in the order of the syncs.
  flagsAfterSync = flagsAfterSync
    .then(yieldToEventLoop)
    .then(() => evaluateWagerFlags(storedAt, now()))
    .then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, "sync: the wager flag rules failed"),
    );
  return { outcome: "success", source, ...counts } satisfies SyncResult;
}

/** One log line per run. */
export function describeSyncResult(result: SyncResult): string {
  return result.outcome === "success"
    ? `sync (${result.source}): ${result.players} players, ${result.changed} changed, ${result.skipped} skipped`
    : `sync (${result.source}) failed: ${result.error}`;
}
