import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The provider's referrals as last synced (`players`), the all-time total each time it changed
 * (`wager_snapshots`, which makes any race window computable), every sync run, and the
 * admin-managed provider token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("players")
    .addColumn("uid", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("today", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("this_week", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("this_month", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("all_time", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("wager_changed_at", "text", (c) => c.notNull())
    .execute();
  // Leaderboards list only players with a non-zero total in the period, and most referrals have
  // none: partial indexes stay small and cost nothing to maintain for a zero row (a sync of
  // 100,000 referrals must store in under 2 s).
  for (const column of ["today", "this_week", "this_month", "all_time"]) {
    await sql`CREATE INDEX ${sql.raw(`players_${column}`)} ON players (${sql.raw(column)} DESC, uid) WHERE ${sql.raw(column)} > 0`.execute(
      db,
    );
  }

  await db.schema
    .createTable("wager_snapshots")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("uid", "text", (c) => c.notNull().references("players.uid").onDelete("cascade"))
    .addColumn("taken_at", "text", (c) => c.notNull())
    .addColumn("all_time", "real", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("wager_snapshots_uid_taken_at")
    .on("wager_snapshots")
    .columns(["uid", "taken_at"])
    .execute();

  await db.schema
    .createTable("sync_runs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("players_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("changed_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("sync_runs_started_at")
    .on("sync_runs")
    .column("started_at")
    .execute();

  await db.schema
    .createTable("provider_tokens")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("provider_tokens").execute();
  await db.schema.dropTable("sync_runs").execute();
  await db.schema.dropTable("wager_snapshots").execute();
  await db.schema.dropTable("players").execute();
}
