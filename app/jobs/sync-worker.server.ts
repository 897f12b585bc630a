// The sync's heavy part, run on its own thread (docs/decisions/0019): fetch, parse, validate and
// store one payload. Loaded twice: by the server's thread for its types, and as the entry of the
// sync worker thread (sync-thread.server.ts), where it answers each message.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { adoptWriteTurn } from "~db";
import { fetchReferrals } from "~/provider/client.server";
import type { FetchReferralsResult, ProviderEndpoint } from "~/provider/client.server";
import { demoReferrals } from "~/provider/demo-source.server";
import type { Standing } from "~/domain/race-standings";
import { runningRaceRankings } from "~/services/races/race-standings.server";
import type { RaceRanking } from "~/services/races/race-standings.server";
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

/**
 * What the sync worker thread posts after a store that changed something: its result with the
 * running races it ranks next (`rankings`), then each ranking's standings in slices of
 * RANKING_SLICE and an end, so that no message takes the server's thread long to take in.
 */
export type SyncThreadMessage =
  | (SyncWorkResult & { rankings?: RaceRanking[] })
  | { ranked: string; standings: Standing[] }
  | { ranked: string; seconds: number }
  | { ranked: string; error: string };

/** Standings per message: 100,000 at once take the server's thread ~50-90 ms to deserialise. */
export const RANKING_SLICE = 5000;

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
  const post = (message: SyncThreadMessage) => port.postMessage(message);
  // One checkpoint per sync, after its result is posted, rather than inside its commits (0019).
  setAutomaticCheckpoints(false);
  // One message at a time: a store must not start while the last one's rankings read.
  let handled = Promise.resolve();
  port.on("message", (work: SyncWork) => {
    handled = handled.then(async () => {
      const result = await fetchAndStore(work);
      // The running races are ranked here, on the stored rows, not on the server's thread (0097).
      // Without them (a failed read), the server's thread ranks as it needs to.
      const races =
        result.ok && result.changed > 0
          ? await runningRaceRankings(new Date(work.now)).catch(() => [])
          : [];
      post({ ...result, rankings: races.map((race) => race.ranking) });
      for (const { ranking, rank } of races) {
        const started = performance.now();
        try {
          const standings = await rank();
          for (let from = 0; from < standings.length; from += RANKING_SLICE) {
            post({ ranked: ranking.key, standings: standings.slice(from, from + RANKING_SLICE) });
          }
          post({ ranked: ranking.key, seconds: (performance.now() - started) / 1000 });
        } catch (error) {
          post({
            ranked: ranking.key,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      checkpointAfterSync();
    });
  });
  port.postMessage("ready");
}
