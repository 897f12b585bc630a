import { sql } from "kysely";
import type { Kysely } from "kysely";

/**
 * Web push (issue 33, docs/decisions/0077): the site's VAPID key pair, made once and kept with the
 * data (the private key sealed with SESSION_SECRET); each browser a user subscribed; and the push
 * outbox the push job drains, shaped like the e-mail outbox (claim, lease, backoff). And when each
 * player last heard a personal race alert of each race (at most one per 30 minutes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_vapid_keys")
    // One row: a second key pair would orphan every subscription made with the first.
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("private_key_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    // The browser that subscribed, so the device list can name it.
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("push_subscriptions_user")
    .on("push_subscriptions")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("push_outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    // A removed subscription (by its user, or gone at the push service) takes its queue with it.
    .addColumn("subscription_id", "integer", (c) =>
      c.notNull().references("push_subscriptions.id").onDelete("cascade"),
    )
    .addColumn("notification_id", "integer", (c) =>
      c.references("notifications.id").onDelete("set null"),
    )
    // The JSON {title, body, url} the browser receives.
    .addColumn("payload", "text", (c) => c.notNull())
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
    .createIndex("push_outbox_due")
    .on("push_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("push_outbox_subscription")
    .on("push_outbox")
    .column("subscription_id")
    .execute();
  await db.schema
    .createIndex("push_outbox_notification")
    .on("push_outbox")
    .column("notification_id")
    .execute();

  await db.schema
    .createTable("race_alert_sends")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("race_id", "integer", (c) => c.notNull().references("races.id").onDelete("cascade"))
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("race_alert_sends_pk", ["user_id", "race_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("race_alert_sends").execute();
  await db.schema.dropTable("push_outbox").execute();
  await db.schema.dropTable("push_subscriptions").execute();
  await db.schema.dropTable("push_vapid_keys").execute();
}
