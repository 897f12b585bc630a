import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * The community's Discord and Telegram (issue 33 item 4; docs/decisions/0078): each channel's
 * settings (its secret sealed, the events it posts, the bot's username and the next update its
 * commands are read from) and the durable queue of posts the channel job sends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("community_channels")
    .addColumn("provider", "text", (c) =>
      c.primaryKey().check(sql`provider in ('discord', 'telegram')`),
    )
    // The Discord webhook URL or the Telegram bot token, sealed (app/server/secret-box.server.ts).
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("channel_outbox").execute();
  await db.schema.dropTable("community_channels").execute();
}
