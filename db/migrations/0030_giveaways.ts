import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Giveaways drawn provably fairly (issue 34, docs/decisions/0079): an admin's giveaway commits to
 * a secret server seed by its SHA-256 at creation; members enter until entries close; the draw
 * stores each entrant's tickets, the client seed (the SHA-256 of the closed entrant list) and the
 * winners' places, and from then on the server seed is public.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("giveaways")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("prize", "text", (c) => c.notNull())
    .addColumn("entries_close_at", "text", (c) => c.notNull())
    .addColumn("winners", "integer", (c) => c.notNull().check(sql`winners >= 1`))
    // Dollars wagered in the window (created_at to entries_close_at): null, no wager needed.
    .addColumn("min_wager", "real")
    // One ticket per this many dollars wagered in the window; null, one ticket per entrant.
    .addColumn("dollars_per_ticket", "real")
    .addColumn("server_seed", "text", (c) => c.notNull())
    .addColumn("seed_hash", "text", (c) => c.notNull())
    .addColumn("client_seed", "text")
    .addColumn("drawn_at", "text")
    .addColumn("drawn_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createTable("giveaway_entries")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("giveaway_id", "integer", (c) =>
      c.notNull().references("giveaways.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    // Set by the draw: the entrant's tickets (0: not eligible) and, for a winner, their place.
    .addColumn("tickets", "integer")
    .addColumn("winner_place", "integer")
    .execute();
  await db.schema
    .createIndex("giveaway_entries_one_per_user")
    .unique()
    .on("giveaway_entries")
    .columns(["giveaway_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("giveaway_entries").execute();
  await db.schema.dropTable("giveaways").execute();
}
