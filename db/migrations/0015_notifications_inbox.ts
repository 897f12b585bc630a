import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The in-app inbox (issue 16): admin broadcasts (who sent what to which audience, how many inboxes
 * got it), each notification tied to the broadcast that made it (so e-mail sent for it can be
 * counted per broadcast), and the index that makes a user's unread count cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notification_broadcasts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("created_at", "text", (c) => c.notNull())
    // The admin's id may outlive the account; the name is kept as it was then.
    .addColumn("sent_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("sent_by_username", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("audience", "text", (c) => c.notNull())
    .addColumn("delivered_count", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("notification_broadcasts_created_at")
    .on("notification_broadcasts")
    .columns(["created_at", "id"])
    .execute();

  // No REFERENCES: SQLite cannot drop a column that has one (down), and broadcasts are never
  // deleted.
  await db.schema.alterTable("notifications").addColumn("broadcast_id", "integer").execute();
  await sql`CREATE INDEX notifications_broadcast ON notifications (broadcast_id) WHERE broadcast_id IS NOT NULL`.execute(
    db,
  );
  // The root loader counts a user's unread notifications on every page: `user_id = ? AND read_at
  // IS NULL` is answered from this index alone.
  await db.schema
    .createIndex("notifications_user_read")
    .on("notifications")
    .columns(["user_id", "read_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("notifications_user_read").execute();
  await db.schema.dropIndex("notifications_broadcast").execute();
  await db.schema.alterTable("notifications").dropColumn("broadcast_id").execute();
  await db.schema.dropTable("notification_broadcasts").execute();
}
