import type { Kysely } from "kysely";
import { sql } from "kysely";
import { dialectOf } from "../dialect";

const PLAYER_COLUMNS = sql.raw(
  "uid, name, today, this_week, this_month, all_time, is_demo, updated_at, wager_changed_at",
);

/**
 * On SQLite a sync becomes visible all at once (docs/decisions/0052). A player may have two rows
 * while a sync runs: the one readers see and the sync's new one, hidden until the sync publishes
 * its generation (`sync_publication`) in one short transaction. `generation` is the sync that wrote
 * a row; `superseded` the sync that replaced it (NULL: the player's newest row). A snapshot's
 * `generation` hides it the same way. With two rows per uid, snapshots can no longer name a player
 * through a foreign key: triggers keep its rules (a snapshot names a stored player, a player's
 * last row takes its snapshots along, a named uid does not change). Rowids are kept, so the name
 * index (migration 0009) stays valid; its triggers are made anew with the table.
 * PostgreSQL stores a sync in one transaction instead and needs none of this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") return;
  await sql`CREATE TABLE wager_snapshots_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uid TEXT NOT NULL,
    taken_at TEXT NOT NULL,
    all_time REAL NOT NULL,
    generation INTEGER NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`INSERT INTO wager_snapshots_new (id, uid, taken_at, all_time)
    SELECT id, uid, taken_at, all_time FROM wager_snapshots`.execute(db);
  await sql`DROP TABLE wager_snapshots`.execute(db);
  await sql`ALTER TABLE wager_snapshots_new RENAME TO wager_snapshots`.execute(db);
  await snapshotIndexes(db);

  await sql`CREATE TABLE players_new (
    uid TEXT NOT NULL,
    name TEXT NOT NULL,
    today REAL NOT NULL DEFAULT 0,
    this_week REAL NOT NULL DEFAULT 0,
    this_month REAL NOT NULL DEFAULT 0,
    all_time REAL NOT NULL DEFAULT 0,
    is_demo INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    wager_changed_at TEXT NOT NULL,
    generation INTEGER NOT NULL DEFAULT 0,
    superseded INTEGER
  )`.execute(db);
  await sql`INSERT INTO players_new (rowid, ${PLAYER_COLUMNS})
    SELECT rowid, ${PLAYER_COLUMNS} FROM players`.execute(db);
  await sql`DROP TABLE players`.execute(db);
  await sql`ALTER TABLE players_new RENAME TO players`.execute(db);
  // One row per uid and generation; a uid's lookups (joins, the store's) take its prefix.
  await sql`CREATE UNIQUE INDEX players_uid_generation ON players (uid, generation)`.execute(db);
  await sql`CREATE INDEX players_superseded ON players (superseded) WHERE superseded IS NOT NULL`.execute(
    db,
  );
  for (const column of ["today", "this_week", "this_month", "all_time"]) {
    await sql`CREATE INDEX ${sql.raw(`players_${column}`)} ON players (${sql.raw(column)} DESC, uid) WHERE ${sql.raw(column)} > 0`.execute(
      db,
    );
  }

  await nameIndexTriggers(db);

  // The foreign key's rules, with SQLite's message.
  const refuse = sql`SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed')`;
  await sql`CREATE TRIGGER wager_snapshots_name_a_player BEFORE INSERT ON wager_snapshots
    WHEN NOT EXISTS (SELECT 1 FROM players WHERE uid = new.uid) BEGIN ${refuse}; END`.execute(db);
  await sql`CREATE TRIGGER wager_snapshots_keep_a_player BEFORE UPDATE OF uid ON wager_snapshots
    WHEN NOT EXISTS (SELECT 1 FROM players WHERE uid = new.uid) BEGIN ${refuse}; END`.execute(db);
  await sql`CREATE TRIGGER players_keep_a_named_uid BEFORE UPDATE OF uid ON players
    WHEN old.uid IS NOT new.uid
      AND EXISTS (SELECT 1 FROM wager_snapshots WHERE uid = old.uid) BEGIN ${refuse}; END`.execute(
    db,
  );
  await sql`CREATE TRIGGER players_take_snapshots_along AFTER DELETE ON players
    WHEN NOT EXISTS (SELECT 1 FROM players WHERE uid = old.uid) BEGIN
    DELETE FROM wager_snapshots WHERE uid = old.uid;
  END`.execute(db);

  // The generation readers see (`published`), the last one a store began (`started`) and the last
  // whose replaced rows are all deleted (`cleaned`).
  await sql`CREATE TABLE sync_publication (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    published INTEGER NOT NULL,
    started INTEGER NOT NULL,
    cleaned INTEGER NOT NULL
  )`.execute(db);
  await sql`INSERT INTO sync_publication VALUES (1, 0, 0, 0)`.execute(db);
}

/** Back to one row per player, the published one, and the foreign key. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") return;
  const published = sql`(SELECT published FROM sync_publication)`;
  for (const trigger of [
    "wager_snapshots_name_a_player",
    "wager_snapshots_keep_a_player",
    "players_keep_a_named_uid",
    "players_take_snapshots_along",
  ]) {
    await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DELETE FROM wager_snapshots WHERE generation > ${published}`.execute(db);
  await sql`DELETE FROM players WHERE generation > ${published}
    OR superseded <= ${published}`.execute(db);
  await sql`CREATE TABLE players_old (
    uid TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    today REAL NOT NULL DEFAULT 0,
    this_week REAL NOT NULL DEFAULT 0,
    this_month REAL NOT NULL DEFAULT 0,
    all_time REAL NOT NULL DEFAULT 0,
    is_demo INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    wager_changed_at TEXT NOT NULL
  )`.execute(db);
  await sql`INSERT INTO players_old (rowid, ${PLAYER_COLUMNS})
    SELECT rowid, ${PLAYER_COLUMNS} FROM players`.execute(db);
  await sql`DROP TABLE players`.execute(db);
  await sql`ALTER TABLE players_old RENAME TO players`.execute(db);
  for (const column of ["today", "this_week", "this_month", "all_time"]) {
    await sql`CREATE INDEX ${sql.raw(`players_${column}`)} ON players (${sql.raw(column)} DESC, uid) WHERE ${sql.raw(column)} > 0`.execute(
      db,
    );
  }
  await nameIndexTriggers(db);

  await sql`CREATE TABLE wager_snapshots_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uid TEXT NOT NULL REFERENCES players (uid) ON DELETE CASCADE,
    taken_at TEXT NOT NULL,
    all_time REAL NOT NULL
  )`.execute(db);
  await sql`INSERT INTO wager_snapshots_old (id, uid, taken_at, all_time)
    SELECT id, uid, taken_at, all_time FROM wager_snapshots`.execute(db);
  await sql`DROP TABLE wager_snapshots`.execute(db);
  await sql`ALTER TABLE wager_snapshots_old RENAME TO wager_snapshots`.execute(db);
  await snapshotIndexes(db);
  await sql`DROP TABLE sync_publication`.execute(db);
}

/** wager_snapshots' indexes (migrations 0002 and 0004), dropped with the table. */
async function snapshotIndexes(db: Kysely<unknown>) {
  await sql`CREATE INDEX wager_snapshots_uid_taken_at ON wager_snapshots (uid, taken_at)`.execute(
    db,
  );
  await sql`CREATE INDEX wager_snapshots_taken_at ON wager_snapshots (taken_at)`.execute(db);
}

/** The name index's triggers (migration 0009), dropped with the table they are on. */
async function nameIndexTriggers(db: Kysely<unknown>) {
  const triggersOn = sql`(SELECT store_indexes FROM players_name_search_mode) = 0`;
  await sql`CREATE TRIGGER players_name_search_insert AFTER INSERT ON players
    WHEN ${triggersOn} BEGIN
    INSERT INTO players_name_search (rowid, name) VALUES (new.rowid, new.name);
  END`.execute(db);
  await sql`CREATE TRIGGER players_name_search_rename AFTER UPDATE OF name ON players
    WHEN old.name IS NOT new.name AND ${triggersOn} BEGIN
    INSERT INTO players_name_search (players_name_search, rowid, name)
      VALUES ('delete', old.rowid, old.name);
    INSERT INTO players_name_search (rowid, name) VALUES (new.rowid, new.name);
  END`.execute(db);
  await sql`CREATE TRIGGER players_name_search_delete AFTER DELETE ON players BEGIN
    INSERT INTO players_name_search (players_name_search, rowid, name)
      VALUES ('delete', old.rowid, old.name);
  END`.execute(db);
}
