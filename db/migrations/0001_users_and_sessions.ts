import type { Kysely } from "kysely";
import { sql } from "kysely";
import { caseFolded, dialectOf } from "../dialect";

// Migrations take Kysely<unknown>: they must not depend on today's Database type.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // Usernames and e-mails are unique regardless of case.
  const dialect = dialectOf(db);
  await sql`CREATE UNIQUE INDEX users_username_unique ON users (${caseFolded(dialect, "username")})`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX users_email_unique ON users (${caseFolded(dialect, "email")}) WHERE email IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_active_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("idle_expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
}
