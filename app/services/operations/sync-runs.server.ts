import type { Kysely, Selectable } from "kysely";
import type { Database, SyncRunsTable } from "~db/schema";
import { isDataStale } from "~/domain/data-age";
import type { LastProviderSync } from "~/domain/provider-token";
import { db } from "~/services/db.server";

export type SyncSource = SyncRunsTable["source"];
export type SyncOutcome = "running" | "success" | "failed";
export type SyncRun = Selectable<SyncRunsTable>;

/**
 * Every provider (or demo) sync is recorded: start, end, outcome, counts and the error, and which
 * admin-saved settings it used (`providerTokenId`; null for the environment's or demo).
 */
export async function startSyncRun(
  source: SyncSource,
  now: Date,
  providerTokenId: number | null = null,
): Promise<number> {
  const row = await db
    .insertInto("sync_runs")
    .values({
      source,
      started_at: now.toISOString(),
      outcome: "running",
      provider_token_id: providerTokenId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a successful sync stored: players kept, referrals refused, players changed. */
export interface SyncCounts {
  players: number;
  skipped: number;
  changed: number;
}

/**
 * The statement that records run `id` as a success, not yet run: the store runs it in the
 * transaction that publishes its rows (so no page shows the new rows beside the last run's
 * source and age), and finishSyncRun runs it again when the sync's bookkeeping is done.
 */
export function syncRunSucceeded(
  database: Kysely<Database>,
  id: number,
  counts: SyncCounts,
  now: Date,
) {
  return database
    .updateTable("sync_runs")
    .set({
      outcome: "success",
      finished_at: now.toISOString(),
      players_count: counts.players,
      skipped_count: counts.skipped,
      changed_count: counts.changed,
    })
    .where("id", "=", id);
}

export async function finishSyncRun(
  id: number,
  result:
    | ({ outcome: "success" } & SyncCounts)
    | { outcome: "failed"; error: string; httpStatus?: number | null },
  now: Date,
): Promise<void> {
  if (result.outcome === "success") {
    await syncRunSucceeded(db, id, result, now).execute();
    return;
  }
  await db
    .updateTable("sync_runs")
    .set({
      outcome: "failed",
      finished_at: now.toISOString(),
      error: result.error,
      http_status: result.httpStatus ?? null,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Runs left 'running' by a process that died mid-sync. Only for the process that has just taken
 * the jobs: syncs run only where the jobs do (one process on SQLite, the job lock's holder on
 * PostgreSQL), so a run still 'running' then is a gone process's (docs/decisions/0051).
 */
export async function abandonUnfinishedSyncRuns(now: Date): Promise<void> {
  await db
    .updateTable("sync_runs")
    .set({ outcome: "failed", finished_at: now.toISOString(), error: "Interrupted" })
    .where("outcome", "=", "running")
    .execute();
}

/**
 * What the pages say about the data: the last finished run, the last good one, and the last one
 * that changed anything (its id versions the data, e.g. for ETags).
 */
export interface SyncStatus {
  lastRun: SyncRun | null;
  lastSuccess: SyncRun | null;
  lastChange: SyncRun | null;
}

/** The newest run that finished, that succeeded, or that succeeded and changed something. */
function latestRun(filter: "finished" | "success" | "change") {
  let query = db.selectFrom("sync_runs").selectAll();
  if (filter === "finished") query = query.where("outcome", "!=", "running");
  else query = query.where("outcome", "=", "success");
  if (filter === "change") query = query.where("changed_count", ">", 0);
  return query.orderBy("id", "desc").limit(1).executeTakeFirst();
}

export async function syncStatus(): Promise<SyncStatus> {
  const [lastRun, lastSuccess, lastChange] = await Promise.all([
    latestRun("finished"),
    latestRun("success"),
    latestRun("change"),
  ]);
  return {
    lastRun: lastRun ?? null,
    lastSuccess: lastSuccess ?? null,
    lastChange: lastChange ?? null,
  };
}

/** `syncStatus().lastSuccess` alone: one statement, for answers read on every request. */
export async function lastSuccessfulSync(): Promise<SyncRun | null> {
  return (await latestRun("success")) ?? null;
}

/**
 * How old the synced data is, for every page that shows it (read once per request by the root
 * loader): when the last good sync finished, whether the data is stale (isDataStale), and whether
 * it came from the demo source. `now` lets server and browser render the same age.
 */
export interface DataFreshness {
  lastUpdated: string | null;
  stale: boolean;
  demoData: boolean;
  now: string;
}

export async function dataFreshness(now: Date = new Date()): Promise<DataFreshness> {
  const { lastRun, lastSuccess } = await syncStatus();
  const lastUpdated = lastSuccess?.finished_at ?? null;
  return {
    lastUpdated,
    stale: isDataStale({
      lastGoodSyncAt: lastUpdated,
      newestRunFailed: lastRun?.outcome === "failed",
    }),
    demoData: lastSuccess?.source === "demo",
    now: now.toISOString(),
  };
}

/**
 * The newest finished provider sync with the admin-saved settings `providerTokenId` (null: with
 * the environment's), older than run `beforeId` when given.
 */
export async function lastProviderSync(
  providerTokenId: number | null,
  beforeId?: number,
): Promise<LastProviderSync | null> {
  const row = await db
    .selectFrom("sync_runs")
    .select(["outcome", "finished_at", "http_status", "error", "players_count"])
    .where("source", "=", "provider")
    .where("outcome", "in", ["success", "failed"])
    .where("provider_token_id", providerTokenId === null ? "is" : "=", providerTokenId)
    .$if(beforeId !== undefined, (query) => query.where("id", "<", beforeId ?? 0))
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row?.finished_at) return null;
  return {
    outcome: row.outcome === "success" ? "success" : "failed",
    at: row.finished_at,
    httpStatus: row.http_status,
    error: row.error,
    players: row.players_count,
  };
}

/** One sync as the API-token page's provider health lists it. */
export interface SyncRunSummary {
  id: number;
  startedAt: string;
  source: SyncSource;
  outcome: string;
  players: number;
  /** null while the run is still going. */
  durationMs: number | null;
  error: string | null;
  /** The provider's HTTP status when it answered with an error. */
  httpStatus: number | null;
}

/** The provider's health: the newest `limit` syncs, newest first. */
export async function recentSyncRuns(limit = 20): Promise<SyncRunSummary[]> {
  const rows = await db
    .selectFrom("sync_runs")
    .selectAll()
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((run) => ({
    id: run.id,
    startedAt: run.started_at,
    source: run.source,
    outcome: run.outcome,
    players: run.players_count,
    durationMs: run.finished_at ? Date.parse(run.finished_at) - Date.parse(run.started_at) : null,
    error: run.error,
    httpStatus: run.http_status,
  }));
}
