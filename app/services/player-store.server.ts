import { monthStartBaseline, utcMonthWindow } from "~/domain/race-time";
import type { Referral } from "~/domain/referral";
import { sliceClock } from "~/lib/event-loop.server";
import { isMainThread } from "node:worker_threads";
import { sql } from "kysely";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~db";
import { sqliteConnection, writeTurn } from "~db";
import { db, dialect } from "./db.server";

export interface StoreResult {
  /** Players inserted, or whose name or totals differ from what was stored. */
  changed: number;
  /** Snapshot rows appended (new all-time totals). */
  snapshots: number;
}

type StoredRow = [
  uid: string,
  name: string,
  today: number,
  thisWeek: number,
  thisMonth: number,
  allTime: number,
  wagerChangedAt: string,
];

/**
 * How long one store transaction may run on: longer than the parse's slices, since each commit
 * rewrites the index pages it touched (docs/decisions/0013).
 */
export const STORE_SLICE_MS = 50;

/**
 * Referrals stored per batch: one lookup of their stored rows, then their writes. Ten times as many
 * on PostgreSQL, whose statements take a batch's rows as one value and cost a round trip each, and
 * whose readers never wait for the store (docs/decisions/0044).
 */
export const STORE_BATCH = dialect === "postgres" ? 2_000 : 200;

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
 * is written in statements that take a batch's rows as one JSON value, in one transaction (0052),
 * on the server's thread: pg waits without holding the event loop.
 */
export async function storeReferrals(
  referrals: Referral[],
  {
    now,
    isDemo,
    sliceMs = STORE_SLICE_MS,
    whileStoring,
  }: {
    now: Date;
    isDemo: boolean;
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
    return storeOnPostgres(db, referrals, { now, isDemo, whileStoring });
  }
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
 * run on for at most `sliceMs`, letting the server's thread write between them.
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
    await db.connection().execute(async () => {
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
    storeCommits.count += 1;
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
  await db.connection().execute(async () => sqliteConnection(db).exec(PUBLISHED_VIEWS));
}

/**
 * Back to the tables themselves once every row is published and no replaced row remains (plain
 * tables: writes and every index as before); else the views stay (a store cut short, or a
 * process restarted after one).
 */
export async function readAllRowsOncePublished(): Promise<void> {
  if (dialect === "postgres" || !isMainThread) return;
  await db.connection().execute(async () => {
    const sqlite = sqliteConnection(db);
    const { published, started, cleaned } = publication(sqlite);
    if (started > published || cleaned < published) {
      sqlite.exec(PUBLISHED_VIEWS);
      return;
    }
    sqlite.exec(`DROP VIEW IF EXISTS temp.players; DROP VIEW IF EXISTS temp.wager_snapshots;`);
  });
}

interface BatchContext {
  at: string;
  now: Date;
  isDemo: boolean;
  monthStartDate: Date;
  frozenAcrossMidnight: boolean;
  /** The newest snapshot's taken_at of a known player (asked only at a month's turn). */
  newestSnapshotOf: (uid: string) => string | null;
}

/** What one batch writes, given its players' stored rows (the rules of storeReferrals). */
function planBatch(batch: Referral[], stored: Map<string, StoredRow>, context: BatchContext) {
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
    const baseline = monthStartBaseline(wagered, now, monthStartDate);
    // A new player's history before the month, or what a known player wagered between our
    // last sync and midnight (it belongs to the month that ended).
    const splitsMonthTurn = () =>
      maySplitMonthTurn(wagered, before, now, monthStartDate, frozenAcrossMidnight) &&
      (context.newestSnapshotOf(uid) ?? "") < monthStart;
    // The player's total as their newest snapshot tells it (0 before any).
    let snapshotted = before?.[5] ?? 0;
    if (baseline && (!before || splitsMonthTurn())) {
      snapshotValues.push(uid, baseline.takenAt, baseline.allTime);
      snapshotted = baseline.allTime;
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
function maySplitMonthTurn(
  wagered: Referral["wagered"],
  before: StoredRow | undefined,
  now: Date,
  monthStartDate: Date,
  frozenAcrossMidnight: boolean,
): boolean {
  if (frozenAcrossMidnight || before === undefined) return false;
  const baseline = monthStartBaseline(wagered, now, monthStartDate);
  return baseline !== null && baseline.allTime > before[5];
}

type StoredColumns = Pick<
  Database["players"],
  "uid" | "name" | "today" | "this_week" | "this_month" | "all_time" | "wager_changed_at"
>;

/** storeReferrals on PostgreSQL: the same plan per batch, all in one transaction. */
async function storeOnPostgres(
  database: Kysely<Database>,
  referrals: Referral[],
  { now, isDemo, whileStoring }: { now: Date; isDemo: boolean; whileStoring?: () => Promise<void> },
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

  // Each statement takes a batch's rows as one parameter (a JSON array of rows, uids as a text
  // array) rather than one per value: parsed and planned as cheaply as a one-row statement, and
  // JSON.stringify costs the client far less than pg's escaping of each value (decision 0044).
  const storeBatch = async (trx: Transaction<Database>, batch: Referral[], result: StoreResult) => {
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
    // New players in a plain INSERT, known ones in an UPDATE: ON CONFLICT's speculative insertion
    // cost as much again as the insert itself (a first sync's 100,000 players). The sync is the
    // players' only writer and runs in one process at a time (the job lock), and the lookup above
    // ran in this transaction, so a uid it did not find is new.
    const added: Record<string, unknown>[] = [];
    const known: Record<string, unknown>[] = [];
    for (const row of rowObjects(plan.playerValues, PLAYER_COLUMNS)) {
      (stored.has(row.uid as string) ? known : added).push(row);
    }
    if (added.length > 0) {
      // A new player's flag and times are the store's: one value each, not one per row.
      const payload = JSON.stringify(added, [...NEW_PLAYER_COLUMNS]);
      const columns = sql.join(NEW_PLAYER_COLUMNS.map((column) => sql.ref(column)));
      await sql`
        INSERT INTO players (${columns}, is_demo, updated_at, wager_changed_at)
        SELECT ${columns}, ${isDemo ? 1 : 0}, ${at}, ${at}
        FROM json_populate_recordset(null::players, ${payload}::json)`.execute(trx);
    }
    if (known.length > 0) {
      await sql`
        UPDATE players SET name = payload.name, today = payload.today, this_week = payload.this_week,
          this_month = payload.this_month, all_time = payload.all_time, is_demo = payload.is_demo,
          updated_at = payload.updated_at, wager_changed_at = payload.wager_changed_at
        FROM json_populate_recordset(null::players, ${JSON.stringify(known)}::json) AS payload
        WHERE players.uid = payload.uid`.execute(trx);
    }
    const snapshots = plan.snapshotValues.length / 3;
    if (snapshots > 0) {
      const snapshotRows = JSON.stringify(rowObjects(plan.snapshotValues, SNAPSHOT_COLUMNS));
      await sql`
        INSERT INTO wager_snapshots (uid, taken_at, all_time)
        SELECT uid, taken_at, all_time
        FROM json_populate_recordset(null::wager_snapshots, ${snapshotRows}::json)`.execute(trx);
    }
    result.changed += plan.changed;
    result.snapshots += snapshots;
  };

  // One transaction for the whole store: PostgreSQL's readers see the last sync until it commits
  // and none of it if it fails or the process dies (docs/decisions/0052); the sync is the only
  // writer of these tables, so nobody else's writes wait for it.
  const result: StoreResult = { changed: 0, snapshots: 0 };
  await database.transaction().execute(async (trx) => {
    if (!isDemo) await trx.deleteFrom("players").where("is_demo", "=", 1).execute();
    for (let next = 0; next < referrals.length; next += STORE_BATCH) {
      if (next > 0) await whileStoring?.();
      await storeBatch(trx, referrals.slice(next, next + STORE_BATCH), result);
    }
  });
  storeCommits.count += 1;
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
/** The columns of a new player's row that the payload gives. */
const NEW_PLAYER_COLUMNS = PLAYER_COLUMNS.slice(0, 6);

/** A flat list of values, a row per `columns.length`, as one object per row (for JSON). */
function rowObjects(values: unknown[], columns: readonly string[]): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let start = 0; start < values.length; start += columns.length) {
    const row: Record<string, unknown> = {};
    columns.forEach((column, index) => (row[column] = values[start + index]));
    rows.push(row);
  }
  return rows;
}

const storeCommits = { count: 0 };

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

/** Store transactions committed by this process (a version of the players, with data_version). */
export function storeCommitCount(): number {
  return storeCommits.count;
}
