import type { Kysely } from "kysely";

/**
 * Results anyone can verify (issue 32, docs/decisions/0063): the SHA-256 of a race's result in its
 * canonical form, computed once when the race completes. Races completed before this migration keep
 * null: their result was never sealed, and hashing it now would vouch for rows as they are today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("races").addColumn("result_hash", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("races").dropColumn("result_hash").execute();
}
