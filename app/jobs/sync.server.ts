import { eventBus } from "~/lib/event-bus.server";
import { leaderboardSnapshot } from "~/services/leaderboard-snapshot.server";
import { storeReferrals } from "~/services/player-store.server";
import { linkedUserRanks, notifyRankUps } from "~/services/rank-ups.server";
import { latestProviderToken } from "~/services/provider-tokens.server";
import { finishSyncRun, startSyncRun } from "~/services/sync-runs.server";
import type { SyncSource } from "~/services/sync-runs.server";
import { fetchReferrals } from "~/provider/client.server";
import type { FetchReferralsResult } from "~/provider/client.server";
import type { ProviderConfig } from "~/lib/provider-config.server";
import { demoReferrals } from "~/provider/demo-source.server";

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

let inFlight: Promise<SyncResult> | null = null;
let finishedRuns = 0;

/** Moves on after every finished sync run: what the pages show may have changed. */
export function syncGeneration(): number {
  return finishedRuns;
}

/**
 * One sync: fetch the referrals (provider with GOATED_API_TOKEN, else the admin-saved token, else
 * the demo source), store them, record the run, and publish the leaderboard update when data changed.
 * A failed fetch stores nothing, so the last good data stays. A call while a sync is running joins
 * it rather than starting a second one.
 */
export function runSync(options: SyncOptions): Promise<SyncResult> {
  inFlight ??= syncOnce(options).finally(() => {
    inFlight = null;
    finishedRuns += 1;
  });
  return inFlight;
}

async function syncOnce({ config, now = () => new Date(), timeoutMs }: SyncOptions) {
  const token = config.GOATED_API_TOKEN ?? (await latestProviderToken());
  const source: SyncSource = token ? "provider" : "demo";
  const runId = await startSyncRun(source, now());

  let fetched: FetchReferralsResult;
  if (!token) {
    fetched = { ok: true, referrals: demoReferrals(now()), skipped: 0 };
  } else if (!config.GOATED_AFFILIATE_UID) {
    fetched = { ok: false, error: "GOATED_AFFILIATE_UID is not set" };
  } else {
    fetched = await fetchReferrals(
      { baseUrl: config.GOATED_API_BASE_URL, affiliateUid: config.GOATED_AFFILIATE_UID, token },
      { timeoutMs },
    );
  }

  if (!fetched.ok) {
    await finishSyncRun(runId, { outcome: "failed", error: fetched.error }, now());
    return {
      outcome: "failed",
      source,
      error: fetched.error,
      rateLimited: fetched.rateLimited,
      retryAfterMs: fetched.retryAfterMs,
    } satisfies SyncResult;
  }

  let changed: number;
  const ranksBefore = await linkedUserRanks();
  try {
    ({ changed } = await storeReferrals(fetched.referrals, {
      now: now(),
      isDemo: source === "demo",
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishSyncRun(runId, { outcome: "failed", error: `Storing failed: ${message}` }, now());
    return { outcome: "failed", source, error: message } satisfies SyncResult;
  }
  const counts = { players: fetched.referrals.length, skipped: fetched.skipped, changed };
  await finishSyncRun(runId, { outcome: "success", ...counts }, now());
  if (changed > 0) await notifyRankUps(ranksBefore, now());
  if (changed > 0) {
    const snapshot = await leaderboardSnapshot();
    await eventBus.publish("leaderboard.updated", { snapshot, at: now().toISOString() });
  }
  return { outcome: "success", source, ...counts } satisfies SyncResult;
}

/** One log line per run. */
export function describeSyncResult(result: SyncResult): string {
  return result.outcome === "success"
    ? `sync (${result.source}): ${result.players} players, ${result.changed} changed, ${result.skipped} skipped`
    : `sync (${result.source}) failed: ${result.error}`;
}
