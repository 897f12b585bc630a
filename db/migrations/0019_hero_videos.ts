import type { Kysely } from "kysely";

/**
 * The video an admin set for a page's hero (issue 18; docs/product.md §A2 "Page banners"): one
 * row per banner that has one (`home`, `promotions`, `bonus-codes`); no row, the designed poster.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("hero_videos")
    .addColumn("banner", "text", (c) => c.primaryKey())
    .addColumn("video_url", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hero_videos").execute();
}
