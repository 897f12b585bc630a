import type { Kysely } from "kysely";

/**
 * Two-step sign-in for admins (issue 15, docs/product.md §A10): an account's TOTP secret
 * (encrypted, docs/decisions/0020), whether it is confirmed, the last time step a code was
 * accepted for (so a code is never accepted twice), and its one-time recovery codes (hashed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_totp")
    .addColumn("user_id", "integer", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // Null while the enrolment waits for its first code: sign-in asks for a code only once set.
    .addColumn("enabled_at", "text")
    .addColumn("last_used_step", "integer")
    .execute();

  await db.schema
    .createTable("user_recovery_codes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("user_recovery_codes_user_code")
    .on("user_recovery_codes")
    .columns(["user_id", "code_hash"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_recovery_codes").execute();
  await db.schema.dropTable("user_totp").execute();
}
