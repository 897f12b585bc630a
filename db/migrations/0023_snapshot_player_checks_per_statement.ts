import type { Kysely } from "kysely";
import { sql } from "kysely";
import { dialectOf } from "../dialect";

/**
 * On PostgreSQL, wager_snapshots' foreign key to players is checked once per statement instead of
 * once per row (docs/decisions/0047): a snapshot must name a stored player, deleting players
 * deletes their snapshots, and a referenced player's uid cannot change, as before. The per-row
 * check also locked each snapshot's player (FOR KEY SHARE) against a concurrent delete: that lock
 * was most of its cost in a first sync of 100,000 referrals, and the sync, the only writer of
 * snapshots, already holds a stronger lock on each of those players (it inserts or updates the
 * player in the same transaction). SQLite keeps its foreign key (its schema is unchanged).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`ALTER TABLE wager_snapshots DROP CONSTRAINT wager_snapshots_uid_fkey`.execute(db);
  await sql`
    CREATE FUNCTION wager_snapshots_name_players() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A lookup of each row's player by the primary key: as an anti-join, the planner hashed
      -- the whole players table for every statement.
      IF EXISTS (SELECT 1 FROM new_snapshots snapshot
                 LEFT JOIN LATERAL (SELECT 1 AS found FROM players
                                    WHERE players.uid = snapshot.uid LIMIT 1) player ON true
                 WHERE player.found IS NULL) THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'insert or update on table "wager_snapshots" violates foreign key constraint "wager_snapshots_uid_fkey"';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const event of ["INSERT", "UPDATE"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`wager_snapshots_${event.toLowerCase()}_names_players`)}
      AFTER ${sql.raw(event)} ON wager_snapshots REFERENCING NEW TABLE AS new_snapshots
      FOR EACH STATEMENT EXECUTE FUNCTION wager_snapshots_name_players()`.execute(db);
  }
  await sql`
    CREATE FUNCTION players_delete_snapshots() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM wager_snapshots WHERE uid IN (SELECT uid FROM old_players);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER players_delete_snapshots AFTER DELETE ON players
    REFERENCING OLD TABLE AS old_players
    FOR EACH STATEMENT EXECUTE FUNCTION players_delete_snapshots()`.execute(db);
  // Per row, but only for statements that set uid (the sync's updates never do).
  await sql`
    CREATE FUNCTION players_keep_referenced_uid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM wager_snapshots WHERE uid = OLD.uid) THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'update on table "players" violates foreign key constraint "wager_snapshots_uid_fkey" on table "wager_snapshots"';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER players_keep_referenced_uid BEFORE UPDATE OF uid ON players
    FOR EACH ROW WHEN (OLD.uid IS DISTINCT FROM NEW.uid)
    EXECUTE FUNCTION players_keep_referenced_uid()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`DROP TRIGGER players_keep_referenced_uid ON players`.execute(db);
  await sql`DROP TRIGGER players_delete_snapshots ON players`.execute(db);
  await sql`DROP TRIGGER wager_snapshots_insert_names_players ON wager_snapshots`.execute(db);
  await sql`DROP TRIGGER wager_snapshots_update_names_players ON wager_snapshots`.execute(db);
  await sql`DROP FUNCTION players_keep_referenced_uid(), players_delete_snapshots(),
    wager_snapshots_name_players()`.execute(db);
  await sql`ALTER TABLE wager_snapshots ADD CONSTRAINT wager_snapshots_uid_fkey
    FOREIGN KEY (uid) REFERENCES players (uid) ON DELETE CASCADE`.execute(db);
}
