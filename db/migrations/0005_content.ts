import type { Kysely } from "kysely";

/**
 * Bonus codes (docs/product.md §P2 "/bonus-codes", docs/product.md §A3 "Bonus code"), seeded with
 * the two codes the site launched with, both already expired. Admins manage them later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bonus_codes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull())
    // Free text, e.g. '$25 Bonus'.
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await (db as Kysely<{ bonus_codes: Record<string, string> }>)
    .insertInto("bonus_codes")
    .values([
      {
        code: "GOATEDVIPS25",
        description: "Deposit bonus for GoatedVIPs members on their first deposit of the month.",
        value: "$25 Bonus",
        expires_at: "2024-12-31T23:59:59.000Z",
        created_at: "2024-12-01T00:00:00.000Z",
      },
      {
        code: "NEWYEARGOAT",
        description: "New Year reload for the community: wager $1,000 in January to claim.",
        value: "$50 Bonus",
        expires_at: "2025-01-31T23:59:59.000Z",
        created_at: "2025-01-01T00:00:00.000Z",
      },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("bonus_codes").execute();
}
