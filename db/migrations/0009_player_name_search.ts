import type { Kysely } from "kysely";
import { sql } from "kysely";
import { dialectOf } from "../dialect";

/**
 * A trigram full-text index over player names, so a name search is an index lookup rather than a
 * LIKE over every player (docs/decisions/0013). External content: the names stay in `players`
 * only; triggers keep the index in step with every insert, rename and delete. The sync's store
 * turns the insert and rename triggers off inside its own transactions
 * (`players_name_search_mode`) and indexes a batch of names per statement instead: FTS5 writes its
 * pending terms out at the end of every statement, so a trigger per upserted row made a
 * 100,000-player sync five times slower. Deletes (the demo purge, a
 * cascade) go through a trigger. Keyed by the players' rowid, which nothing here rewrites (a
 * VACUUM could: after one, run `INSERT INTO players_name_search(players_name_search)
 * VALUES ('rebuild')`). Trigram folds case like LIKE does for ASCII; diacritics are kept, as LIKE
 * keeps them.
 * On PostgreSQL (docs/decisions/0037) a pg_trgm GIN index on the names serves `name ILIKE
 * '%term%'` instead, kept in step by PostgreSQL itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX players_name_trigram ON players USING gin (name gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`CREATE VIRTUAL TABLE players_name_search USING fts5(
    name, tokenize = 'trigram', content = 'players', content_rowid = 'rowid'
  )`.execute(db);
  await sql`CREATE TABLE players_name_search_mode (store_indexes INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO players_name_search_mode (store_indexes) VALUES (0)`.execute(db);
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
  await sql`INSERT INTO players_name_search (players_name_search) VALUES ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`DROP INDEX players_name_trigram`.execute(db);
    return;
  }
  for (const trigger of ["insert", "rename", "delete"]) {
    await sql`DROP TRIGGER ${sql.raw(`players_name_search_${trigger}`)}`.execute(db);
  }
  await sql`DROP TABLE players_name_search_mode`.execute(db);
  await sql`DROP TABLE players_name_search`.execute(db);
}
