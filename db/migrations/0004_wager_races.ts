import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Wager races (admin entity "Wager race"), the results frozen when a race completes, and in-app
 * notifications (a winner is told of their prize).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("races")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("prize_pool_cents", "integer", (c) => c.notNull())
    .addColumn("min_wager", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    // JSON object from position ("1".."10") to percent, e.g. {"1": 42.5, "2": 20, ...}.
    .addColumn("prize_distribution", "text", (c) => c.notNull())
    .addColumn("rules", "text")
    .addColumn("description", "text")
    // 1 for the monthly race the server creates on its own at a month's start.
    .addColumn("is_automatic", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("completed_at", "text")
    .execute();
  await db.schema
    .createIndex("races_status_end")
    .on("races")
    .columns(["status", "end_date"])
    .execute();
  // At most one automatic race per month, however many processes or restarts try to create it.
  await sql`CREATE UNIQUE INDEX races_automatic_start ON races (start_date) WHERE is_automatic = 1`.execute(
    db,
  );

  // The latest snapshot instant before a moment: the key of the standings cache.
  await db.schema
    .createIndex("wager_snapshots_taken_at")
    .on("wager_snapshots")
    .column("taken_at")
    .execute();

  await db.schema
    .createTable("race_results")
    .addColumn("race_id", "integer", (c) => c.notNull().references("races.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("uid", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("wager", "real", (c) => c.notNull())
    .addColumn("prize_cents", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("race_results_pk", ["race_id", "position"])
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("race_id", "integer", (c) => c.references("races.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema
    .createIndex("notifications_user_created")
    .on("notifications")
    .columns(["user_id", "created_at"])
    .execute();
  // A winner is told once per race, even if a race is completed, reopened and completed again.
  await sql`CREATE UNIQUE INDEX notifications_race_winner ON notifications (user_id, race_id, kind) WHERE race_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notifications").execute();
  await db.schema.dropTable("race_results").execute();
  await db.schema.dropTable("races").execute();
  await db.schema.dropIndex("wager_snapshots_taken_at").execute();
}
