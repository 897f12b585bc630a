import { isMainThread } from "node:worker_threads";
import { utcMonthWindow } from "~/domain/race-time";
import type { Referral } from "~/domain/referral";
import { sliceClock } from "~/server/event-loop.server";
import { sqliteConnection, withSqliteConnection, writeTurn } from "~db";
import { db, dialect } from "~/services/db.server";
import { countStoreCommit, planBatch, STORE_BATCH } from "./player-store-plan.server";
import type { StoredRow, StoreResult, StoreRun } from "./player-store-plan.server";
import { syncRunSucceeded } from "~/services/operations/sync-runs.server";

// storeReferrals on SQLite (./player-store.server.ts): prepared better-sqlite3 statements in
// transactions of the write turn, published as one generation (docs/decisions/0013, 0019, 0052).

/** storeReferrals on SQLite. */
export async function storeOnSqlite(
  referrals: Referral[],
  {
    now,
    isDemo,
    sliceMs,
    whileStoring,
    run,
  }: {
    now: Date;
    isDemo: boolean;
    sliceMs: number;
    whileStoring?: () => Promise<void>;
    run?: StoreRun;
  },
): Promise<StoreResult> {
  const at = now.toISOString();
  const sqlite = sqliteConnection(db);
  // Rows this store writes stay hidden from readers until it publishes (docs/decisions/0052).
  await readPublishedSyncOnly();
  await inWriteTurns(sqlite, sliceMs, undefined, recoverUnpublished(sqlite));
  const generation = publication(sqlite).published + 1;
  // No player stored (a first sync): every referral is new, and no batch looks its players up.
  const findsNoOne =
    sqlite.prepare("SELECT 1 FROM main.players WHERE superseded IS NULL LIMIT 1").get() ===
    undefined;
  // Every name qualified with `main.`: while a store runs, this thread's connection has temporary
  // views named `players` and `wager_snapshots` that show only the published rows.
  const storedRows = sqlite
    .prepare(
      `SELECT uid, name, today, this_week, this_month, all_time, wager_changed_at FROM main.players
       WHERE uid IN (SELECT value FROM json_each(?)) AND superseded IS NULL`,
    )
    .raw();
  // A changed player gets a new row, this store's generation; the row readers see is marked
  // replaced by it (and deleted once the store is published).
  const supersede = sqlite.prepare(
    `UPDATE main.players SET superseded = ${generation}
     WHERE uid IN (SELECT value FROM json_each(?)) AND superseded IS NULL`,
  );
  // Multi-row statements (one per batch rather than one per player): each statement costs its
  // own setup, and a first sync writes 100,000 players and 200,000 snapshots.
  const insertPlayers = multiRowStatement(
    sqlite,
    `INSERT INTO main.players (uid, name, today, this_week, this_month, all_time, is_demo, updated_at,
       wager_changed_at, generation) VALUES`,
    9,
    `, ${generation}`,
  );
  const insertSnapshots = multiRowStatement(
    sqlite,
    "INSERT INTO main.wager_snapshots (uid, taken_at, all_time, generation) VALUES",
    3,
    `, ${generation}`,
  );
  // Every row a transaction added has a rowid above the largest one before it (the store is the
  // only writer meanwhile): their names are indexed (migration 0009) in one statement at its end,
  // since FTS5 writes a new segment of the index at the end of every statement.
  const lastRowid = sqlite.prepare("SELECT coalesce(max(rowid), 0) FROM main.players").pluck();
  const indexNamesAfter = sqlite.prepare(
    `INSERT INTO main.players_name_search (rowid, name)
     SELECT rowid, name FROM main.players WHERE rowid > ?`,
  );
  // On only inside the store's own transactions: the triggers index everyone else's writes.
  const storeIndexesNames = sqlite.prepare(
    "UPDATE main.players_name_search_mode SET store_indexes = ?",
  );
  const newestSnapshotOf = sqlite
    .prepare("SELECT max(taken_at) FROM main.wager_snapshots WHERE uid = ?")
    .pluck();
  const monthStartDate = utcMonthWindow(now).start;
  const monthStart = monthStartDate.toISOString();
  // A race across midnight frozen before this store (the completion job's fallback when the
  // provider was down) kept its pre-midnight figures; a midnight snapshot now would take what
  // was wagered between our last sync and midnight out of the new month's race too.
  const frozenAcrossMidnight =
    sqlite
      .prepare(
        "SELECT 1 FROM main.races WHERE status = 'completed' AND start_date < ? AND end_date >= ? LIMIT 1",
      )
      .get(monthStart, monthStart) !== undefined;

  const storeBatch = (batch: Referral[], result: StoreResult) => {
    const stored = new Map<string, StoredRow>();
    const rows = findsNoOne
      ? []
      : (storedRows.all(JSON.stringify(batch.map((r) => r.uid))) as StoredRow[]);
    for (const row of rows) stored.set(row[0], row);
    const plan = planBatch(batch, stored, {
      at,
      now,
      isDemo,
      monthStartDate,
      frozenAcrossMidnight,
      newestSnapshotOf: (uid) => newestSnapshotOf.get(uid) as string | null,
    });
    const replaced = plan.playerUids.filter((uid) => stored.has(uid));
    if (replaced.length > 0) supersede.run(JSON.stringify(replaced));
    // The players first: each snapshot names one.
    insertPlayers(plan.playerValues);
    insertSnapshots(plan.snapshotValues);
    result.changed += plan.changed;
    result.snapshots += plan.snapshotValues.length / 3;
  };

  const result: StoreResult = { changed: 0, snapshots: 0 };
  let next = 0;
  // Always one transaction, even for an empty payload: it records the store's start.
  await inWriteTurns(sqlite, sliceMs, whileStoring, (slice) => {
    if (next === 0) sqlite.prepare("UPDATE main.sync_publication SET started = ?").run(generation);
    storeIndexesNames.run(1);
    const lastRowidBefore = lastRowid.get();
    do {
      storeBatch(referrals.slice(next, next + STORE_BATCH), result);
      next += STORE_BATCH;
    } while (next < referrals.length && !slice.due());
    indexNamesAfter.run(lastRowidBefore);
    storeIndexesNames.run(0);
    return next < referrals.length;
  });
  // The one short transaction that shows the whole store at once: the demo rows go with it.
  await inWriteTurns(sqlite, sliceMs, undefined, () => {
    if (!isDemo) sqlite.prepare("DELETE FROM main.players WHERE is_demo = 1").run();
    sqlite.prepare("UPDATE main.sync_publication SET published = ?").run(generation);
    if (run) {
      const counts = { players: run.players, skipped: run.skipped, changed: result.changed };
      const succeeded = syncRunSucceeded(db, run.id, counts, new Date()).compile();
      sqlite.prepare(succeeded.sql).run(...succeeded.parameters);
    }
    return false;
  });
  await inWriteTurns(sqlite, sliceMs, undefined, deleteReplacedRows(sqlite));
  await readAllRowsOncePublished();
  return result;
}

/** Rows a cleanup deletes or restores per statement. */
const CLEANUP_ROWS = 500;

/** SQLite's record of the generations (migration 0025). */
function publication(sqlite: ReturnType<typeof sqliteConnection>) {
  return sqlite.prepare("SELECT published, started, cleaned FROM main.sync_publication").get() as {
    published: number;
    started: number;
    cleaned: number;
  };
}

/**
 * Work for inWriteTurns: what a store cut short (an error, a stopped thread, a killed process)
 * left unpublished is taken away before the next one starts, and the rows a published store
 * replaced are deleted if it stopped before it had. Readers see none of these rows meanwhile.
 */
function recoverUnpublished(sqlite: ReturnType<typeof sqliteConnection>) {
  const { published } = publication(sqlite);
  const steps = [
    // A player's unpublished row (a cascade trigger takes a new player's snapshots along).
    `DELETE FROM main.players WHERE rowid IN (SELECT rowid FROM main.players
       WHERE generation > ${published} ORDER BY rowid DESC LIMIT ${CLEANUP_ROWS})`,
    `UPDATE main.players SET superseded = NULL WHERE rowid IN (SELECT rowid FROM main.players
       WHERE superseded > ${published} LIMIT ${CLEANUP_ROWS})`,
    `DELETE FROM main.wager_snapshots WHERE id IN (SELECT id FROM main.wager_snapshots
       WHERE generation > ${published} ORDER BY id DESC LIMIT ${CLEANUP_ROWS})`,
  ].map((step) => sqlite.prepare(step));
  const cleanup = deleteReplacedRows(sqlite);
  return () => {
    const { started } = publication(sqlite);
    if (started > published) {
      for (const step of steps) if (step.run().changes > 0) return true;
      sqlite.prepare("UPDATE main.sync_publication SET started = published").run();
    }
    return cleanup();
  };
}

/** Work for inWriteTurns: deletes the rows that published stores replaced. */
function deleteReplacedRows(sqlite: ReturnType<typeof sqliteConnection>) {
  const step = sqlite.prepare(
    `DELETE FROM main.players WHERE rowid IN (SELECT rowid FROM main.players
       WHERE superseded IS NOT NULL AND superseded <= ? LIMIT ${CLEANUP_ROWS})`,
  );
  return () => {
    const { published, cleaned } = publication(sqlite);
    if (cleaned === published) return false;
    if (step.run(published).changes > 0) return true;
    sqlite.prepare("UPDATE main.sync_publication SET cleaned = published").run();
    return false;
  };
}

/**
 * Runs `work` until it returns false, in transactions of the write turn (docs/decisions/0019) that
 * run on for at most `sliceMs`, letting the server's thread write between them. Meant for the sync
 * worker thread (the server stores nowhere else): it blocks for the turn holding the connection,
 * which on the server's thread would wait forever for a write of that thread holding the turn
 * while it waits for the connection (docs/decisions/0111).
 */
async function inWriteTurns(
  sqlite: ReturnType<typeof sqliteConnection>,
  sliceMs: number,
  between: (() => Promise<void>) | undefined,
  work: (slice: ReturnType<typeof sliceClock>) => boolean,
): Promise<void> {
  const slice = sliceClock(sliceMs);
  let more = true;
  while (more) {
    await withSqliteConnection(db, () => {
      writeTurn().takeBlocking();
      try {
        sqlite.transaction(() => {
          do more = work(slice);
          while (more && !slice.due());
        })();
      } finally {
        writeTurn().release();
      }
    });
    countStoreCommit();
    if (more) await slice.next();
    if (more) await between?.();
  }
}

/** The temporary views of readPublishedSyncOnly, on this thread's connection. */
const PUBLISHED_VIEWS = `
  CREATE TEMP VIEW IF NOT EXISTS players AS
    SELECT rowid AS rowid, uid, name, today, this_week, this_month, all_time, is_demo, updated_at,
      wager_changed_at
    FROM main.players
    WHERE generation <= (SELECT published FROM main.sync_publication)
      AND (superseded IS NULL OR superseded > (SELECT published FROM main.sync_publication));
  CREATE TEMP VIEW IF NOT EXISTS wager_snapshots AS
    SELECT id, uid, taken_at, all_time FROM main.wager_snapshots
    WHERE generation <= (SELECT published FROM main.sync_publication);
  CREATE TEMP TRIGGER IF NOT EXISTS players_delete INSTEAD OF DELETE ON players BEGIN
    DELETE FROM main.players WHERE rowid = old.rowid;
  END;
  CREATE TEMP TRIGGER IF NOT EXISTS wager_snapshots_delete INSTEAD OF DELETE ON wager_snapshots
  BEGIN
    DELETE FROM main.wager_snapshots WHERE id = old.id;
  END;`;

/**
 * SQLite (docs/decisions/0052): from now on, this thread's queries of `players` and
 * `wager_snapshots` see only the published sync's rows, through temporary views of those names
 * (a connection's temporary objects come before the database's own), so that no reader changes.
 * Taken before a store writes anything, and kept while rows of a store cut short remain.
 */
export async function readPublishedSyncOnly(): Promise<void> {
  if (dialect === "postgres" || !isMainThread) return;
  // On the connection when no transaction of this thread is open: one would take them along.
  await withSqliteConnection(db, (sqlite) => sqlite.exec(PUBLISHED_VIEWS));
}

/**
 * Back to the tables themselves once every row is published and no replaced row remains (plain
 * tables: writes and every index as before); else the views stay (a store cut short, or a
 * process restarted after one).
 */
export async function readAllRowsOncePublished(): Promise<void> {
  if (dialect === "postgres" || !isMainThread) return;
  await withSqliteConnection(db, (sqlite) => {
    const { published, started, cleaned } = publication(sqlite);
    if (started > published || cleaned < published) {
      sqlite.exec(PUBLISHED_VIEWS);
      return;
    }
    sqlite.exec(`DROP VIEW IF EXISTS temp.players; DROP VIEW IF EXISTS temp.wager_snapshots;`);
  });
}

/**
 * Runs `INSERT ... VALUES (?, ...), (?, ...) ...` for a flat list of values, `columns` per row,
 * at most STORE_BATCH * 2 rows per statement (a batch's players, or its snapshots: up to two
 * each); statements are prepared once per row count.
 */
function multiRowStatement(
  sqlite: ReturnType<typeof sqliteConnection>,
  head: string,
  columns: number,
  /** Constant values each row ends with. */
  rowTail = "",
) {
  const maxRows = STORE_BATCH * 2;
  const row = `(${Array.from({ length: columns }, () => "?").join(", ")}${rowTail})`;
  const prepared = new Map<number, ReturnType<typeof sqlite.prepare>>();
  const statementFor = (rows: number) => {
    let statement = prepared.get(rows);
    if (!statement) {
      statement = sqlite.prepare(`${head} ${Array.from({ length: rows }, () => row).join(", ")}`);
      prepared.set(rows, statement);
    }
    return statement;
  };
  return (values: unknown[]) => {
    for (let start = 0; start < values.length; start += maxRows * columns) {
      const chunk = values.slice(start, start + maxRows * columns);
      statementFor(chunk.length / columns).run(chunk);
    }
  };
}

/**
 * Copies the WAL into the database file, on this thread's connection, without waiting for anyone
 * (PASSIVE): the sync worker thread's last step of every sync (docs/decisions/0019).
 */
export function checkpointAfterSync(): void {
  if (dialect === "postgres") return;
  sqliteConnection(db).pragma("wal_checkpoint(PASSIVE)");
}

/**
 * Whether this thread's commits copy the WAL into the database file once it passes 1,000 pages
 * (SQLite's default). Off on the server's thread while the sync worker thread runs: that copy
 * takes tens to hundreds of milliseconds after a sync, and the worker's commits and its checkpoint
 * after each sync do it off the event loop.
 */
export function setAutomaticCheckpoints(on: boolean): void {
  if (dialect === "postgres") return;
  const sqlite = sqliteConnection(db);
  if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${on ? 1000 : 0}`);
}
