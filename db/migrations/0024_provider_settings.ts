import type { Kysely } from "kysely";

/**
 * Provider set-up from the admin area (issue 29): the affiliate code saved beside the token (an
 * empty token then means the provider is called without one), and, per sync, the provider's HTTP
 * status when it refused and which saved settings the sync used, so the pages can tell the truth
 * about the last sync with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("provider_tokens").addColumn("affiliate_uid", "text").execute();
  await db.schema.alterTable("sync_runs").addColumn("http_status", "integer").execute();
  await db.schema.alterTable("sync_runs").addColumn("provider_token_id", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sync_runs").dropColumn("provider_token_id").execute();
  await db.schema.alterTable("sync_runs").dropColumn("http_status").execute();
  await db.schema.alterTable("provider_tokens").dropColumn("affiliate_uid").execute();
}
