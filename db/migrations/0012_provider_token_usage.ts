import type { Kysely } from "kysely";

/**
 * The admin API-token page (issue 15): when a sync last used a saved provider token, and when the
 * admins were told it is about to expire (once per token).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("provider_tokens").addColumn("last_used_at", "text").execute();
  await db.schema.alterTable("provider_tokens").addColumn("expiry_notified_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("provider_tokens").dropColumn("expiry_notified_at").execute();
  await db.schema.alterTable("provider_tokens").dropColumn("last_used_at").execute();
}
