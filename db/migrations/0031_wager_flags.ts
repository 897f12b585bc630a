import type { Kysely } from "kysely";

/**
 * Wager anomaly flags (issue 34 item 2): what the post-sync rules found (app/domain/wager-flags.ts),
 * one row per (kind, player, evidence window), so a repeated sync adds no duplicate; an admin
 * dismisses or confirms each (a confirmed flag holds the player's payouts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("wager_flags")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("player_uid", "text", (c) => c.notNull())
    .addColumn("evidence_window", "text", (c) => c.notNull())
    .addColumn("evidence_json", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_by_username", "text")
    .addUniqueConstraint("wager_flags_once", ["kind", "player_uid", "evidence_window"])
    .execute();
  await db.schema
    .createIndex("wager_flags_status_created_at")
    .on("wager_flags")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("wager_flags").execute();
}
