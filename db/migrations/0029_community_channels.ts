import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * The community's Discord and Telegram (issue 33, items 4 and 5; docs/decisions/0078): each
 * channel's settings (its secret sealed, the events it posts), the durable queue of posts the
 * channel job sends, the one-time codes that link a Telegram account, and that verified account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("community_channels")
    .addColumn("provider", "text", (c) =>
      c.primaryKey().check(sql`provider in ('discord', 'telegram')`),
    )
    // The Discord webhook URL or the Telegram bot token, sealed (app/lib/secret-box.server.ts).
    .addColumn("secret_sealed", "text", (c) => c.notNull())
    // The secret's last 4 characters: all the pages and the API ever show of it.
    .addColumn("secret_hint", "text", (c) => c.notNull())
    .addColumn("chat_id", "text")
    // The events it posts, as a JSON array of event names.
    .addColumn("events", "text", (c) => c.notNull())
    // Telegram: the bot's username (getMe), for the t.me link, and the next update to read.
    .addColumn("bot_username", "text")
    .addColumn("update_offset", "integer")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("channel_outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    // One post per key and channel (a race's start, its result, a code).
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('queued', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("channel_outbox_due")
    .on("channel_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("telegram_link_codes")
    // The SHA-256 of the code: the database alone does not link an account.
    .addColumn("code_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("telegram_link_codes_user")
    .on("telegram_link_codes")
    .column("user_id")
    .execute();

  // The account the bot saw send a user's code: its id (one account, one user) and @username.
  await db.schema.alterTable("users").addColumn("telegram_user_id", "text").execute();
  await db.schema.alterTable("users").addColumn("telegram_verified_username", "text").execute();
  await db.schema
    .createIndex("users_telegram_user_id")
    .on("users")
    .column("telegram_user_id")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_telegram_user_id").execute();
  await db.schema.alterTable("users").dropColumn("telegram_verified_username").execute();
  await db.schema.alterTable("users").dropColumn("telegram_user_id").execute();
  await db.schema.dropTable("telegram_link_codes").execute();
  await db.schema.dropTable("channel_outbox").execute();
  await db.schema.dropTable("community_channels").execute();
}
