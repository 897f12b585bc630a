import type { Kysely } from "kysely";

/**
 * A verified Telegram account (issue 33 item 5, docs/decisions/0084): the Telegram user a member
 * proved with the bot's one-time code, and the live codes themselves (one per member, only their
 * SHA-256 kept). Telegram user ids pass 2^31, so they are kept as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("telegram_user_id", "text").execute();
  // One Telegram account proves one member.
  await db.schema
    .createIndex("users_telegram_user_id")
    .unique()
    .on("users")
    .column("telegram_user_id")
    .execute();
  await db.schema.alterTable("users").addColumn("telegram_verified_username", "text").execute();
  await db.schema.alterTable("users").addColumn("telegram_verified_at", "text").execute();
  await db.schema
    .createTable("telegram_link_codes")
    .addColumn("user_id", "integer", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("telegram_link_codes").execute();
  await db.schema.dropIndex("users_telegram_user_id").execute();
  for (const column of ["telegram_verified_at", "telegram_verified_username", "telegram_user_id"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
