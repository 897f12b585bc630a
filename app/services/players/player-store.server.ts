import type { Referral } from "~/domain/referral";
import { db, dialect } from "~/services/db.server";
import type { StoreResult, StoreRun } from "./player-store-plan.server";
import { storeOnPostgres } from "./player-store-postgres.server";
import { storeOnSqlite } from "./player-store-sqlite.server";

export { STORE_BATCH, storeCommitCount } from "./player-store-plan.server";
export type { StoreResult, StoreRun } from "./player-store-plan.server";
export {
  checkpointAfterSync,
  readAllRowsOncePublished,
  readPublishedSyncOnly,
  setAutomaticCheckpoints,
} from "./player-store-sqlite.server";

/**
 * How long one store transaction may run on: longer than the parse's slices, since each commit
 * rewrites the index pages it touched (docs/decisions/0013).
 */
export const STORE_SLICE_MS = 50;

/**
 * Stores one sync's referrals. Rows that did not change are not rewritten. `wager_changed_at`
 * moves only when a total moved; a snapshot of the all-time total is appended only when it differs
 * from the player's newest one (a new player's first non-zero total included; a missing snapshot
 * means 0): every reader takes a player's total at an instant from their latest snapshot at or
 * before it.
 * A snapshot at the UTC month's start (all-time minus this month) is added for a new player, so the
 * month's race does not count their earlier history when our first sync is mid-month, and for a
 * known player whose total rose since our last sync before midnight and who has no snapshot in the
 * new month yet, so the month that ended and the new one split those wagers exactly (unless a race
 * across midnight was already frozen without them: docs/decisions/0007).
 * Players absent from the payload keep their last known totals. A real (non-demo) store removes
 * the demo rows, so the first good provider sync replaces the demo data.
 *
 * Stored in short transactions of a few hundred players, yielding to the event loop between them,
 * so requests are served while 100,000 referrals are stored (docs/decisions/0013). Readers see none
 * of it until its last, short transaction publishes its generation (docs/decisions/0052): what a
 * store cut short (an error, a killed process) wrote stays hidden, and the next store takes it away
 * and starts over. The month-turn rule above is per player, so it holds whichever store reaches a
 * player first in the new month.
 * Prepared better-sqlite3 statements rather than Kysely queries: a 100,000-referral payload must
 * be stored in well under 2 s (DESIGN.md). On PostgreSQL (docs/decisions/0037, 0044, 0047) the same plan
 * is written by COPY (new rows) and statements that take a batch's rows as one value, published in
 * one transaction (0052, 0101, 0107), on the server's thread: pg waits without holding the event
 * loop.
 */
export async function storeReferrals(
  referrals: Referral[],
  {
    now,
    isDemo,
    sliceMs = STORE_SLICE_MS,
    whileStoring,
    run,
  }: {
    now: Date;
    isDemo: boolean;
    /** The sync run recorded as a success when the rows are published. */
    run?: StoreRun;
    /** How long one transaction may run on (tests take 0: one batch per transaction). */
    sliceMs?: number;
    /**
     * Awaited between two steps of the store (tests read there): between two transactions on
     * SQLite, between two batches of the one transaction on PostgreSQL.
     */
    whileStoring?: () => Promise<void>;
  },
): Promise<StoreResult> {
  if (dialect === "postgres") {
    return storeOnPostgres(db, referrals, { now, isDemo, whileStoring, run });
  }
  return storeOnSqlite(referrals, { now, isDemo, sliceMs, whileStoring, run });
}
