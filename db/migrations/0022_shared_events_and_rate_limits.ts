import type { Kysely } from "kysely";

/**
 * What several processes on one PostgreSQL database share (docs/decisions/0038); created on
 * SQLite too (one migration set), where nothing uses them.
 * - event_bus_payloads: events too large for NOTIFY's 8,000 bytes; NOTIFY carries the row's id,
 *   and rows older than ten minutes are deleted by the publishers.
 * - rate_limits: rate-limiter-flexible's RateLimiterPostgres counters (its own layout, in its
 *   column order; `key` is text, not its varchar(255): a typed login name can be longer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("event_bus_payloads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_ms", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("event_bus_payloads").execute();
}
