import { sql } from "kysely";
import type { Kysely, Transaction } from "kysely";
import { utcMonthWindow } from "~/domain/race-time";
import type { Referral } from "~/domain/referral";
import { copyIn, copyRows } from "~db";
import type { CopyColumnType, Database } from "~db";
import { syncRunSucceeded } from "~/services/operations/sync-runs.server";
import { buildIndexes, dropFreshTables, freshTable } from "./fresh-tables-postgres.server";
import {
  countStoreCommit,
  maySplitMonthTurn,
  planBatch,
  STORE_BATCH,
} from "./player-store-plan.server";
import type { StoredRow, StoreResult, StoreRun } from "./player-store-plan.server";

// storeReferrals on PostgreSQL (./player-store.server.ts; docs/decisions/0037, 0044, 0047, 0052,
// 0101).

/** Where a store writes: each table's connection (a transaction, or a fresh table's own). */
interface Writers {
  players: { connection: Kysely<Database>; table: string };
  snapshots: { connection: Kysely<Database>; table: string };
}

type StoredColumns = Pick<
  Database["players"],
  "uid" | "name" | "today" | "this_week" | "this_month" | "all_time" | "wager_changed_at"
>;

/** storeReferrals on PostgreSQL: the same plan per batch, published in one transaction. */
export async function storeOnPostgres(
  database: Kysely<Database>,
  referrals: Referral[],
  {
    now,
    isDemo,
    whileStoring,
    run,
  }: { now: Date; isDemo: boolean; whileStoring?: () => Promise<void>; run?: StoreRun },
): Promise<StoreResult> {
  const at = now.toISOString();
  const monthStartDate = utcMonthWindow(now).start;
  const monthStart = monthStartDate.toISOString();
  const frozenAcrossMidnight =
    (await database
      .selectFrom("races")
      .select("id")
      .where("status", "=", "completed")
      .where("start_date", "<", monthStart)
      .where("end_date", ">=", monthStart)
      .limit(1)
      .executeTakeFirst()) !== undefined;

  // No stored player this store could find (a first sync, or the first after the demo data, which
  // it deletes first): every referral is new, and no batch looks its players up.
  // The sync is the players' only writer, in one process at a time (the job lock).
  const findsNoOne =
    (await database
      .selectFrom("players")
      .select("uid")
      .$if(!isDemo, (query) => query.where("is_demo", "=", 0))
      .limit(1)
      .executeTakeFirst()) === undefined;

  // Lookups take a batch's uids as one text array, the UPDATE its rows as one JSON value, rather
  // than one parameter per value: parsed and planned as cheaply as a one-row statement (decision
  // 0044); new rows go in by COPY (0107). Lookups and the players' writes run on `writers.players`,
  // the snapshots' on `writers.snapshots` (the same transaction, or a fresh table's connection).
  const storeBatch = async (
    writers: Writers,
    batch: Referral[],
    result: StoreResult,
  ): Promise<{ written: Promise<unknown> }> => {
    const trx = writers.players.connection;
    const stored = new Map<string, StoredRow>();
    const { rows: storedRows } = findsNoOne
      ? { rows: [] }
      : await sql<StoredColumns>`
          SELECT uid, name, today, this_week, this_month, all_time, wager_changed_at FROM players
          WHERE uid = ANY(${batch.map((r) => r.uid)}::text[])`.execute(trx);
    for (const row of storedRows) {
      const { uid, name, today, this_week, this_month, all_time, wager_changed_at } = row;
      stored.set(uid, [uid, name, today, this_week, this_month, all_time, wager_changed_at]);
    }
    // Newest snapshots only of the players whose wagers a month's turn may split (planBatch asks).
    const newest = new Map<string, string | null>();
    const mayNeedNewest = batch
      .filter((r) =>
        maySplitMonthTurn(r.wagered, stored.get(r.uid), now, monthStartDate, frozenAcrossMidnight),
      )
      .map((r) => r.uid);
    if (mayNeedNewest.length > 0) {
      const { rows } = await sql<{ uid: string; newest: string }>`
        SELECT uid, max(taken_at) AS newest FROM wager_snapshots
        WHERE uid = ANY(${mayNeedNewest}::text[]) GROUP BY uid`.execute(trx);
      for (const row of rows) newest.set(row.uid, row.newest);
    }
    const plan = planBatch(batch, stored, {
      at,
      now,
      isDemo,
      monthStartDate,
      frozenAcrossMidnight,
      newestSnapshotOf: (uid) => newest.get(uid) ?? null,
    });
    // New players and snapshots go in by COPY, known players in an UPDATE: ON CONFLICT's
    // speculative insertion cost as much again as the insert itself (a first sync's 100,000
    // players), and COPY's rows cost the server half what parsing them from JSON did (decision
    // 0107). The sync is the players' only writer and runs in one process at a time (the job
    // lock), and the lookup above ran in this transaction, so a uid it did not find is new.
    // Sent, not awaited: the caller plans the next batch while the server writes this one.
    const writes: Promise<unknown>[] = [];
    const planned = plan.playerValues as (string | number | null)[];
    // With no stored player (a first sync), every planned row is new.
    const added = stored.size === 0 ? planned : [];
    const known: Record<string, unknown>[] = [];
    const width = PLAYER_COLUMNS.length;
    for (let start = 0; stored.size > 0 && start < planned.length; start += width) {
      const row = planned.slice(start, start + width);
      if (stored.has(row[0] as string)) known.push(rowObject(row, PLAYER_COLUMNS));
      else added.push(...row);
    }
    if (added.length > 0) {
      const columns = sql.join(PLAYER_COLUMNS.map((column) => sql.ref(column)));
      const copy = sql`COPY ${sql.table(writers.players.table)} (${columns}) FROM STDIN (FORMAT binary)`;
      writes.push(trx.executeQuery(copyIn(copy.compile(trx), copyRows(added, PLAYER_TYPES))));
    }
    if (known.length > 0) {
      writes.push(
        sql`
        UPDATE players SET name = payload.name, today = payload.today, this_week = payload.this_week,
          this_month = payload.this_month, all_time = payload.all_time, is_demo = payload.is_demo,
          updated_at = payload.updated_at, wager_changed_at = payload.wager_changed_at
        FROM json_populate_recordset(null::players, ${JSON.stringify(known)}::json) AS payload
        WHERE players.uid = payload.uid`.execute(trx),
      );
    }
    const snapshots = plan.snapshotValues.length / SNAPSHOT_COLUMNS.length;
    if (snapshots > 0) {
      const { connection, table } = writers.snapshots;
      const columns = sql.join(SNAPSHOT_COLUMNS.map((column) => sql.ref(column)));
      const copy = sql`COPY ${sql.table(table)} (${columns}) FROM STDIN (FORMAT binary)`;
      const rows = copyRows(plan.snapshotValues as (string | number | null)[], SNAPSHOT_TYPES);
      writes.push(connection.executeQuery(copyIn(copy.compile(connection), rows)));
    }
    result.changed += plan.changed;
    result.snapshots += snapshots;
    const written = Promise.all(writes);
    // Awaited by the caller after the next batch is planned; handled meanwhile.
    written.catch(() => undefined);
    return { written };
  };

  // Every batch in order, each one's writes sent while the next is planned: a connection runs its
  // statements in order (a batch's lookups wait for the writes before them).
  const storeAll = async (writers: Writers) => {
    let writing: Promise<unknown> = Promise.resolve();
    for (let next = 0; next < referrals.length; next += STORE_BATCH) {
      if (next > 0) await whileStoring?.();
      // A batch's lookups fail in a transaction that its last writes aborted: theirs is the error.
      const { written } = await storeBatch(
        writers,
        referrals.slice(next, next + STORE_BATCH),
        result,
      ).catch(async (error: unknown) => {
        await writing;
        throw error;
      });
      await writing;
      writing = written;
    }
    await writing;
  };
  const recordRun = async (trx: Transaction<Database>) => {
    if (!run) return;
    const counts = { players: run.players, skipped: run.skipped, changed: result.changed };
    await syncRunSucceeded(trx, run.id, counts, new Date()).execute();
  };

  const result: StoreResult = { changed: 0, snapshots: 0 };
  if (findsNoOne) {
    // A store that finds no one (a first sync) replaces both tables whole: it fills indexless
    // copies on two connections and builds their indexes there, side by side, then swaps them in,
    // with the run's record, in one short transaction (docs/decisions/0101, 0107). Readers read
    // the tables in place until that commit; a failure or a killed process leaves them as they
    // were, and the copies to the next first store, which drops them.
    try {
      const fresh = await database.connection().execute((players) =>
        database.connection().execute(async (snapshots) => {
          const tables = [
            await freshTable(players, "players"),
            await freshTable(players, "wager_snapshots"),
          ];
          // Each connection's rows in one transaction (one commit, not one per batch), committed
          // before the builds: each connection builds indexes of both tables.
          await players.transaction().execute((playersTrx) =>
            snapshots.transaction().execute((snapshotsTrx) =>
              storeAll({
                players: { connection: playersTrx, table: tables[0]!.name },
                snapshots: { connection: snapshotsTrx, table: tables[1]!.name },
              }),
            ),
          );
          await buildIndexes(tables, [players, snapshots]);
          return tables;
        }),
      );
      await database.transaction().execute(async (trx) => {
        for (const table of fresh) await table.swapIn(trx);
        await recordRun(trx);
      });
    } catch (error) {
      await dropFreshTables(database).catch(() => undefined);
      throw error;
    }
  } else {
    // One transaction for the whole store: PostgreSQL's readers see the last sync until it
    // commits and none of it if it fails or the process dies (docs/decisions/0052); the sync is
    // the only writer of these tables, so nobody else's writes wait for it.
    await database.transaction().execute(async (trx) => {
      if (!isDemo) await trx.deleteFrom("players").where("is_demo", "=", 1).execute();
      await storeAll({
        players: { connection: trx, table: "players" },
        snapshots: { connection: trx, table: "wager_snapshots" },
      });
      await recordRun(trx);
    });
  }
  countStoreCommit();
  // Fresh statistics after a large store: autovacuum analyzes within a minute or so, and until
  // then the planner takes the grown tables for the small ones it last saw (the next sync's newest-
  // snapshot lookups ran as scans: 8.6 of its 11 s in the bench). What it lacked were the tables'
  // sizes, which a small sample gives as well: 3,000 rows a table (a tenth of the default) took a
  // seventh of the time. Autovacuum's next analysis, once a tenth of a table has changed since
  // this one, takes the full sample.
  if (result.changed + result.snapshots >= ANALYZE_AFTER_ROWS) {
    await database.transaction().execute(async (trx) => {
      await sql`SET LOCAL default_statistics_target = 10`.execute(trx);
      await sql`ANALYZE players, wager_snapshots`.execute(trx);
    });
  }
  return result;
}

/** Rows a PostgreSQL store writes before it refreshes the tables' statistics itself. */
const ANALYZE_AFTER_ROWS = 10_000;

/** The columns of planBatch's rows, in its order (players' is also their table's). */
const PLAYER_COLUMNS = [
  "uid",
  "name",
  "today",
  "this_week",
  "this_month",
  "all_time",
  "is_demo",
  "updated_at",
  "wager_changed_at",
] as const;
const SNAPSHOT_COLUMNS = ["uid", "taken_at", "all_time"] as const;
/** Their types in the tables (COPY's binary rows must match them). */
const PLAYER_TYPES: CopyColumnType[] = [
  "text",
  "text",
  "float8",
  "float8",
  "float8",
  "float8",
  "int4",
  "text",
  "text",
];
const SNAPSHOT_TYPES: CopyColumnType[] = ["text", "text", "float8"];
/** A row's values as an object by column (for JSON). */
function rowObject(values: unknown[], columns: readonly string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach((column, index) => (row[column] = values[index]));
  return row;
}
