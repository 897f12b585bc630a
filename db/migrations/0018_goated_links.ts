import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Linking a Goated account (issue 18, docs/product.md §P2 "/profile", decision 0031): a user asks
 * to be linked to one of our referrals by its provider name; an admin approves or rejects the
 * request. A provider player is linked to at most one user (users.goated_id is unique) and a user
 * has at most one request pending at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Before the unique index: a player linked to several users (possible until now, by hand) stays
  // with the oldest of them.
  await sql`UPDATE users SET goated_id = NULL, goated_username = NULL
    WHERE goated_id IS NOT NULL
      AND id > (SELECT min(other.id) FROM users AS other WHERE other.goated_id = users.goated_id)`.execute(
    db,
  );
  await db.schema.createIndex("users_goated_id").unique().on("users").column("goated_id").execute();

  await db.schema
    .createTable("goated_link_requests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The player as matched when the request was made; no foreign key: a sync may drop a player.
    .addColumn("player_uid", "text", (c) => c.notNull())
    .addColumn("player_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status IN ('pending', 'approved', 'rejected')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("goated_link_requests_one_pending_per_user")
    .unique()
    .on("goated_link_requests")
    .column("user_id")
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema
    .createIndex("goated_link_requests_by_status")
    .on("goated_link_requests")
    .columns(["status", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("goated_link_requests").execute();
  await db.schema.dropIndex("users_goated_id").execute();
}
