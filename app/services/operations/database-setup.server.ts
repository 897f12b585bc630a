import { sql } from "kysely";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { readAllRowsOncePublished } from "~/services/players/player-store.server";
import { ensureAdmin } from "~/services/auth/users.server";

/**
 * Brings the database up to date before the server answers: runs the migrations, hides what a
 * store cut short by a killed process left unpublished, and creates (or updates) the configured
 * admin account. The sync runs a stopped process left open are closed where the jobs start
 * (app/server-runtime.server.ts), not here: on PostgreSQL another process may be running its sync
 * while this one starts.
 */
export async function prepareDatabase(
  admin: { username: string; password: string } | null,
): Promise<void> {
  await migrateToLatest(db);
  // A store cut short by a killed process stays hidden until the next one (docs/decisions/0052).
  await readAllRowsOncePublished();
  if (admin) {
    const outcome = await ensureAdmin(admin.username, admin.password);
    if (outcome !== "unchanged") console.log(`Admin account ${admin.username}: ${outcome}`);
  }
}

/** Throws unless the database answers from its schema (GET /healthz). */
export async function checkDatabase(): Promise<void> {
  // Reads the schema, not just the connection: an unlinked or emptied file fails here.
  await sql`select count(*) from kysely_migration`.execute(db);
}

/** Closes the database connection (the last step of a shutdown). */
export function closeDatabase(): Promise<void> {
  return db.destroy();
}
