import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * E-mail (issue 16, docs/decisions/0025): the durable outbox the e-mail job drains, when a user's
 * address was confirmed, and when a race's start was e-mailed (so it is e-mailed once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  await db.schema.alterTable("races").addColumn("start_announced_at", "text").execute();
  // Races that have already started before this migration are not e-mailed as new.
  await sql`update races set start_announced_at = updated_at where status != 'upcoming'`.execute(
    db,
  );

  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    // A deleted account's queued mail goes with it.
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("notification_id", "integer", (c) =>
      c.references("notifications.id").onDelete("set null"),
    )
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // The preference that governs the message (its unsubscribe link turns it off); null for the
    // address confirmation, which the user asked for.
    .addColumn("preference", "text")
    .addColumn("unsubscribe_url", "text")
    // One message per key (a monthly statement per user and month, a race e-mail per user).
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('queued', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // A claim pushes this forward by the lease, so a claim left by a crash is retried after it.
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("email_outbox_due")
    .on("email_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("email_outbox_user").on("email_outbox").column("user_id").execute();
  await db.schema
    .createIndex("email_outbox_notification")
    .on("email_outbox")
    .column("notification_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_outbox").execute();
  await db.schema.alterTable("races").dropColumn("start_announced_at").execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
