import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * A trigram full-text index over player names, so a name search is an index lookup rather than a
 * LIKE over every player (docs/decisions/0009). External content: the names stay in `players`
 * only. The sync's store (the only writer of players) indexes the names it adds or renames, a
 * batch at a time: FTS5 writes its pending terms out at the end of every statement, so a trigger
 * per upserted row made a 100,000-player sync five times slower. Deletes (the demo purge, a
 * cascade) go through a trigger. Keyed by the players' rowid, which nothing here rewrites (a
 * VACUUM could: after one, run `INSERT INTO players_name_search(players_name_search)
 * VALUES ('rebuild')`). Trigram folds case like LIKE does for ASCII; diacritics are kept, as LIKE
 * keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE players_name_search USING fts5(
    name, tokenize = 'trigram', content = 'players', content_rowid = 'rowid'
  )`.execute(db);
  await sql`CREATE TRIGGER players_name_search_delete AFTER DELETE ON players BEGIN
    INSERT INTO players_name_search (players_name_search, rowid, name)
      VALUES ('delete', old.rowid, old.name);
  END`.execute(db);
  await sql`INSERT INTO players_name_search (players_name_search) VALUES ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER players_name_search_delete`.execute(db);
  await sql`DROP TABLE players_name_search`.execute(db);
}
