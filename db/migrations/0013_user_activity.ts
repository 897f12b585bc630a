import { sql } from "kysely";
import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Daily active users for the admin analytics (docs/product.md §A2): one row per user per UTC day
 * on which one of their sessions was used, written at most once a day per session. Keyed by day
 * first, so counting the users of a range of days reads the key alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_activity_days")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_activity_days_pk", ["day", "user_id"])
    // SQLite only: PostgreSQL tables have no rowid.
    .$call((table) => (dialectOf(db) === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  // Deleting a user deletes their days without reading the whole table.
  await db.schema
    .createIndex("user_activity_days_user")
    .on("user_activity_days")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_activity_days").execute();
}
