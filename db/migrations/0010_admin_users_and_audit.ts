import type { Kysely } from "kysely";

/**
 * The admin back office (issue 15): when an account last signed in, whether an admin disabled it,
 * and the audit log of admin changes (who, when, what, before and after).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("last_login_at", "text").execute();
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("created_at", "text", (c) => c.notNull())
    // The admin's id may outlive the account; the name is kept as it was then.
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_username", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .execute();
  await db.schema
    .createIndex("audit_log_created_at")
    .on("audit_log")
    .columns(["created_at", "id"])
    .execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").column("actor_id").execute();
  await db.schema.createIndex("audit_log_kind").on("audit_log").column("kind").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
  await db.schema.alterTable("users").dropColumn("last_login_at").execute();
}
