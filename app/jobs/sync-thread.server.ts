import { Worker } from "node:worker_threads";
import { writeTurn } from "~db";
import {
  readAllRowsOncePublished,
  readPublishedSyncOnly,
  setAutomaticCheckpoints,
} from "~/services/players/player-store.server";
import type { Standing } from "~/domain/race-standings";
import { observeRaceRanking } from "~/server/metrics.server";
import { keepStandings } from "~/services/races/race-standings.server";
import type { RaceRanking } from "~/services/races/race-standings.server";
import { SYNC_WORKER_ROLE } from "./sync-worker.server";
import type { SyncThreadMessage, SyncWork, SyncWorkResult } from "./sync-worker.server";

/**
 * A new sync worker thread. Its entry is `build/sync-worker.js` beside the server build
 * (scripts/build-server-entries.mjs) when this module is part of `build/index.js`, else the
 * TypeScript source, loaded through tsx's loader registered in the thread first (tests, scripts,
 * the bench's own process; a worker does not take `--import tsx` from its execArgv).
 */
function startWorker(): Worker {
  const here = import.meta.url;
  const options = { workerData: { role: SYNC_WORKER_ROLE, writeTurn: writeTurn().shared } };
  if (!here.endsWith(".ts")) return new Worker(new URL("./sync-worker.js", here), options);
  const entry = JSON.stringify(new URL("./sync-worker.server.ts", here).href);
  const load = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${entry}); });`;
  return new Worker(load, { ...options, eval: true });
}

/** The process's sync worker thread, started by the first sync; null after it stopped. */
let current: { worker: Worker; ready: Promise<void> } | null = null;

/** A store is under way on the thread (storeOnThread): it keeps the process alive meanwhile. */
let storing = false;

/** Rankings the sync worker thread announced with a store's result, by key, until they arrive. */
const arriving = new Map<
  string,
  { slices: Standing[][]; resolve: (standings: Standing[]) => void; reject: (error: Error) => void }
>();

/** Waits for the rankings a store's result announces, kept for computeStandings meanwhile. */
function awaitRankings(rankings: RaceRanking[] = []) {
  for (const ranking of rankings) {
    keepStandings(
      ranking,
      new Promise<Standing[]>((resolve, reject) => {
        arriving.get(ranking.key)?.reject(new Error("ranked again"));
        arriving.set(ranking.key, { slices: [], resolve, reject });
      }),
    );
  }
}

/** Takes in one slice or end of a ranking (one message: at most RANKING_SLICE standings). */
function takeRanking(message: SyncThreadMessage) {
  if (typeof message !== "object" || !("ranked" in message)) return;
  const ranking = arriving.get(message.ranked);
  if (!ranking) return;
  if ("standings" in message) {
    ranking.slices.push(message.standings);
    return;
  }
  arriving.delete(message.ranked);
  // Nothing more to wait for: idle again (see storeOnThread).
  if (arriving.size === 0 && !storing) current?.worker.unref();
  if ("error" in message) {
    ranking.reject(new Error(message.error));
    return;
  }
  observeRaceRanking(message.seconds);
  ranking.resolve(ranking.slices.flat());
}

function syncThread() {
  if (current) return current;
  const worker = startWorker();
  // Idle, it does not keep the process alive.
  worker.unref();
  setAutomaticCheckpoints(false);
  // Its first message says it listens (its modules are loaded).
  const ready = new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the sync worker stopped (exit code ${code})`)));
  });
  ready.catch(() => {}); // awaited by each call; a thread that never started is replaced
  worker.on("message", takeRanking);
  worker.once("exit", () => {
    // Ranked on the server's thread after all (keepStandings).
    for (const ranking of arriving.values()) ranking.reject(new Error("the sync worker stopped"));
    arriving.clear();
    if (current?.worker === worker) current = null;
    setAutomaticCheckpoints(true);
    // Stopped inside a store transaction: SQLite rolled it back; the turn must not stay taken.
    writeTurn().releaseFromStoppedWorker();
  });
  current = { worker, ready };
  return current;
}

/** The sync worker thread (started if need be) once it takes work. */
async function readyThread() {
  const thread = syncThread();
  thread.worker.ref();
  try {
    await thread.ready;
  } finally {
    thread.worker.unref();
  }
  return thread;
}

/** Starts the sync worker thread ahead of the first sync and waits until it takes work. */
export async function startSyncWorker(): Promise<void> {
  await readyThread();
}

/**
 * Fetches and stores one sync's payload on the sync worker thread (docs/decisions/0019), so the
 * server's thread only waits. Rejects when the thread fails or is stopped meanwhile; the next call
 * starts a new one. One call at a time (runSync never runs two syncs at once).
 */
export async function fetchAndStoreOffThread(work: SyncWork): Promise<SyncWorkResult> {
  const { worker } = await readyThread();
  // This thread's readers see the published sync only while the thread stores (0052).
  await readPublishedSyncOnly();
  try {
    return await storeOnThread(worker, work);
  } finally {
    await readAllRowsOncePublished();
  }
}

function storeOnThread(worker: Worker, work: SyncWork): Promise<SyncWorkResult> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      storing = false;
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      worker.unref();
    };
    const onMessage = (message: SyncThreadMessage) => {
      if ("ranked" in message) return;
      settle();
      // The rankings it announces keep the process alive until they arrive: the sync awaits them
      // (race alerts), and a shutdown waits for the sync; an unreferenced thread let the process
      // end there, without its last words.
      if (message.rankings?.length) worker.ref();
      awaitRankings(message.rankings);
      resolve(message);
    };
    const onError = (error: Error) => {
      settle();
      if (current?.worker === worker) current = null;
      reject(new Error(`the sync worker failed: ${error.message}`));
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`the sync worker stopped (exit code ${code})`));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    storing = true;
    worker.ref();
    worker.postMessage(work);
  });
}

/** Stops the sync worker thread (a store under way is rolled back to its last commit). */
export async function stopSyncWorker(): Promise<void> {
  const thread = current;
  current = null;
  await thread?.worker.terminate();
}
