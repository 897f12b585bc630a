import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * The support chat (issue 17, docs/product.md §A2 "Support"): one conversation per user with its
 * status and read markers, and its messages. Read markers are message ids (ids only grow): the
 * player has read every staff reply up to `player_read_id`, staff every player message up to
 * `staff_read_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("support_conversations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) =>
      c.notNull().unique().references("users.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status IN ('open', 'closed')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_message_at", "text", (c) => c.notNull())
    .addColumn("player_read_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("staff_read_id", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("support_conversations_last_message")
    .on("support_conversations")
    .columns(["last_message_at", "id"])
    .execute();

  await db.schema
    .createTable("support_messages")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("conversation_id", "integer", (c) =>
      c.notNull().references("support_conversations.id").onDelete("cascade"),
    )
    .addColumn("sender_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("is_staff_reply", "integer", (c) => c.notNull().check(sql`is_staff_reply IN (0, 1)`))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("support_messages_conversation")
    .on("support_messages")
    .columns(["conversation_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("support_messages").execute();
  await db.schema.dropTable("support_conversations").execute();
}
