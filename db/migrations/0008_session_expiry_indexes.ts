import type { Kysely } from "kysely";

/** The expired-session purge finds its rows by either expiry without reading the whole table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();
  await db.schema
    .createIndex("sessions_idle_expires_at")
    .on("sessions")
    .column("idle_expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("sessions_idle_expires_at").execute();
  await db.schema.dropIndex("sessions_expires_at").execute();
}
