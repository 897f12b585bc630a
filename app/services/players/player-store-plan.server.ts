import { monthStartTotal } from "~/domain/race-time";
import type { Referral } from "~/domain/referral";
import { dialect } from "~/services/db.server";

// What a store writes, decided the same way on both dialects (./player-store.server.ts says the
// rules); ./player-store-sqlite.server.ts and ./player-store-postgres.server.ts write it.

/**
 * The sync run a store records as a success in the transaction that publishes its rows, so no
 * reader sees the new rows beside the last run's source and age (the demo notice, "updated ago").
 */
export interface StoreRun {
  id: number;
  /** The payload's players and the referrals validation refused. */
  players: number;
  skipped: number;
}

export interface StoreResult {
  /** Players inserted, or whose name or totals differ from what was stored. */
  changed: number;
  /** Snapshot rows appended (new all-time totals). */
  snapshots: number;
}

export type StoredRow = [
  uid: string,
  name: string,
  today: number,
  thisWeek: number,
  thisMonth: number,
  allTime: number,
  wagerChangedAt: string,
];

/**
 * Referrals stored per batch: one lookup of their stored rows, then their writes. Ten times as many
 * on PostgreSQL, whose statements take a batch's rows as one value and cost a round trip each, and
 * whose readers never wait for the store (docs/decisions/0044).
 */
export const STORE_BATCH = dialect === "postgres" ? 2_000 : 200;

export interface BatchContext {
  at: string;
  now: Date;
  isDemo: boolean;
  monthStartDate: Date;
  frozenAcrossMidnight: boolean;
  /** The newest snapshot's taken_at of a known player (asked only at a month's turn). */
  newestSnapshotOf: (uid: string) => string | null;
}

/** What one batch writes, given its players' stored rows (the rules of storeReferrals). */
export function planBatch(
  batch: Referral[],
  stored: Map<string, StoredRow>,
  context: BatchContext,
) {
  const { at, now, isDemo, monthStartDate, frozenAcrossMidnight } = context;
  const monthStart = monthStartDate.toISOString();
  const playerUids: string[] = [];
  const playerValues: unknown[] = [];
  const snapshotValues: unknown[] = [];
  let changed = 0;
  for (const { uid, name, wagered } of batch) {
    const before = stored.get(uid);
    const totalsChanged =
      !before ||
      before[2] !== wagered.today ||
      before[3] !== wagered.this_week ||
      before[4] !== wagered.this_month ||
      before[5] !== wagered.all_time;
    if (!totalsChanged && before[1] === name) continue;
    playerUids.push(uid);
    playerValues.push(
      uid,
      name,
      wagered.today,
      wagered.this_week,
      wagered.this_month,
      wagered.all_time,
      isDemo ? 1 : 0,
      at,
      totalsChanged ? at : before[6],
    );
    changed += 1;
    const baseline = monthStartTotal(wagered, now, monthStartDate);
    // The player's total as their newest snapshot tells it (0 before any).
    let snapshotted = before?.[5] ?? 0;
    // A new player's history before the month, or what a known player wagered between our
    // last sync and midnight (it belongs to the month that ended). Tested in place, not in a
    // function made per player (tsx names each: a tenth of a first store's planning).
    if (
      baseline !== null &&
      (!before ||
        (maySplitMonthTurn(wagered, before, now, monthStartDate, frozenAcrossMidnight) &&
          (context.newestSnapshotOf(uid) ?? "") < monthStart))
    ) {
      snapshotValues.push(uid, monthStart, baseline);
      snapshotted = baseline;
    }
    // Nothing wagered since the month's start: the baseline tells this total already (most
    // referrals of a first sync).
    if (snapshotted !== wagered.all_time) snapshotValues.push(uid, at, wagered.all_time);
  }
  return { playerUids, playerValues, snapshotValues, changed };
}

/**
 * Whether a month's turn may split a known player's wagers: their total before the month is above
 * the one we last stored. Then their newest snapshot decides (planBatch), so a store asks for it
 * only of these players.
 */
export function maySplitMonthTurn(
  wagered: Referral["wagered"],
  before: StoredRow | undefined,
  now: Date,
  monthStartDate: Date,
  frozenAcrossMidnight: boolean,
): boolean {
  if (frozenAcrossMidnight || before === undefined) return false;
  const baseline = monthStartTotal(wagered, now, monthStartDate);
  return baseline !== null && baseline > before[5];
}

const storeCommits = { count: 0 };

/** Counts a committed store transaction (storeCommitCount). */
export function countStoreCommit(): void {
  storeCommits.count += 1;
}

/** Store transactions committed by this process (a version of the players, with data_version). */
export function storeCommitCount(): number {
  return storeCommits.count;
}
