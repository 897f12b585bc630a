import type { Kysely } from "kysely";

/**
 * Admin-managed bonus codes (issue 16): when each account last opened /bonus-codes, so the mobile
 * bell can show a dot for a usable code created since (docs/product.md §P2), and an index for that
 * question and the listing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("bonus_codes_seen_at", "text").execute();
  await db.schema
    .createIndex("bonus_codes_created_at")
    .on("bonus_codes")
    .columns(["created_at", "expires_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("bonus_codes_created_at").execute();
  await db.schema.alterTable("users").dropColumn("bonus_codes_seen_at").execute();
}
