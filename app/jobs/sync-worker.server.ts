// The sync's heavy part, run on its own thread (docs/decisions/0019): fetch, parse, validate and
// store one payload. Loaded twice: by the server's thread for its types, and as the entry of the
// sync worker thread (sync-thread.server.ts), where it answers each message.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { adoptWriteTurn } from "~db";
import { fetchReferrals } from "~/provider/client.server";
import type { FetchReferralsResult, ProviderEndpoint } from "~/provider/client.server";
import { demoReferrals } from "~/provider/demo-source.server";
import {
  checkpointAfterSync,
  setAutomaticCheckpoints,
  storeReferrals,
} from "~/services/players/player-store.server";

/** `workerData.role` of the sync worker thread. */
export const SYNC_WORKER_ROLE = "sync";

/** One sync's payload to fetch and store (plain data: it crosses threads). */
export type SyncWork = (
  { source: "provider"; endpoint: ProviderEndpoint; timeoutMs?: number } | { source: "demo" }
) & {
  now: string;
  /** The sync run the store records as a success with its rows (player-store's StoreRun). */
  runId?: number;
};

export type SyncWorkResult =
  | { ok: true; players: number; skipped: number; changed: number }
  | (Extract<FetchReferralsResult, { ok: false }> & { stage: "fetch" })
  | { ok: false; stage: "store"; error: string };

/**
 * Fetches the payload (or makes the demo one) and stores it; a failed fetch stores nothing. On
 * PostgreSQL the server's thread calls it itself (no worker thread: docs/decisions/0037).
 */
export async function fetchAndStore(work: SyncWork): Promise<SyncWorkResult> {
  const now = new Date(work.now);
  const fetched =
    work.source === "demo"
      ? { ok: true as const, referrals: demoReferrals(now), skipped: 0 }
      : await fetchReferrals(work.endpoint, { timeoutMs: work.timeoutMs });
  if (!fetched.ok) {
    return { ...fetched, stage: "fetch" };
  }
  try {
    const players = fetched.referrals.length;
    const { changed } = await storeReferrals(fetched.referrals, {
      now,
      isDemo: work.source === "demo",
      run:
        work.runId === undefined
          ? undefined
          : { id: work.runId, players, skipped: fetched.skipped },
    });
    return { ok: true, players, skipped: fetched.skipped, changed };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, stage: "store", error: message };
  }
}

if (!isMainThread && parentPort && workerData?.role === SYNC_WORKER_ROLE) {
  adoptWriteTurn(workerData.writeTurn as SharedArrayBuffer);
  const port = parentPort;
  // One checkpoint per sync, after its result is posted, rather than inside its commits (0019).
  setAutomaticCheckpoints(false);
  port.on("message", (work: SyncWork) => {
    void fetchAndStore(work).then((result) => {
      port.postMessage(result);
      checkpointAfterSync();
    });
  });
  port.postMessage("ready");
}
