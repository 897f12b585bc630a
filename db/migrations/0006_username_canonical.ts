import type { Kysely } from "kysely";
import { sql } from "kysely";
import { canonicalUsername } from "../../app/domain/usernames";

/**
 * Usernames are unique in their canonical form (NFKC, invisible characters dropped, case-folded;
 * docs/decisions/0011-usernames.md), which sign-in looks them up by. Existing accounts get theirs
 * here, oldest first; an account whose canonical name an older one already holds keeps its name
 * and its sign-in (by that exact name or its e-mail) with no canonical name, until it picks a new
 * name on its profile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("username_canonical", "text").execute();
  const { rows } = await sql<{ id: number; username: string }>`
    SELECT id, username FROM users ORDER BY id
  `.execute(db);
  const taken = new Set<string>();
  for (const { id, username } of rows) {
    const canonical = canonicalUsername(username);
    if (taken.has(canonical)) continue;
    taken.add(canonical);
    await sql`UPDATE users SET username_canonical = ${canonical} WHERE id = ${id}`.execute(db);
  }
  await db.schema
    .createIndex("users_username_canonical_unique")
    .on("users")
    .column("username_canonical")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_username_canonical_unique").execute();
  await db.schema.alterTable("users").dropColumn("username_canonical").execute();
}
