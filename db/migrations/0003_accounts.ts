import type { Kysely } from "kysely";

/** Profile fields of docs/product.md §P3 "User" and the per-user notification preferences. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("telegram_username", "text").execute();
  await db.schema.alterTable("users").addColumn("bio", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("profile_color", "text", (c) => c.notNull().defaultTo("#D7FF00"))
    .execute();
  // The provider account a user has linked: goated_username is the provider's `name`, which
  // is how a user is found in the leaderboards and races.
  await db.schema.alterTable("users").addColumn("goated_id", "text").execute();
  await db.schema.alterTable("users").addColumn("goated_username", "text").execute();

  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "integer", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("wager_race_updates", "integer", (c) => c.notNull())
    .addColumn("vip_status_changes", "integer", (c) => c.notNull())
    .addColumn("promotional_offers", "integer", (c) => c.notNull())
    .addColumn("monthly_statements", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notification_preferences").execute();
  for (const column of [
    "goated_username",
    "goated_id",
    "profile_color",
    "bio",
    "telegram_username",
  ]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
