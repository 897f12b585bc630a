import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Privacy by choice (issue 34 item 3, docs/decisions/0081): the site's settings, one row, with
 * whether provider players' names are masked in public; and each member's choice to show their
 * linked player's real name while they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_settings")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("mask_player_names", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text")
    .addColumn("updated_by", "integer")
    .execute();
  await db
    .insertInto("site_settings" as never)
    .values({ id: 1 } as never)
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("show_player_name", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("show_player_name").execute();
  await db.schema.dropTable("site_settings").execute();
}
