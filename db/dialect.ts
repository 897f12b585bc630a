import { PostgresAdapter, sql } from "kysely";
import type { Expression, Kysely, RawBuilder } from "kysely";

/**
 * The few places where SQLite and PostgreSQL need different SQL (docs/decisions/0037). Everything
 * else is one query for both.
 */
export type DialectName = "sqlite" | "postgres";

// Kysely<any>: migrations hold a Kysely<unknown>, services a Kysely<Database>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

/** Which engine `db` runs on (a migration's Kysely included). */
export function dialectOf(db: AnyKysely): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

// Columns are named by our code, never by input: sql.raw keeps the SQLite index definitions of
// the migrations exactly as they were written before PostgreSQL (tests/unit/db/sqlite-schema).

/**
 * `column` in its case-folded form, for comparisons and unique indexes that ignore case: SQLite's
 * NOCASE collation (its indexes are declared with it), lower() on PostgreSQL (its indexes are on
 * lower(column)). Both fold ASCII letters only on a C-locale cluster.
 */
export function caseFolded(dialect: DialectName, column: string): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`lower(${sql.raw(column)})`
    : sql<string>`${sql.raw(column)} COLLATE NOCASE`;
}

/** `column = value` ignoring (ASCII) case, through the index caseFolded declares. */
export function equalsIgnoringCase(
  dialect: DialectName,
  column: string,
  value: string | Expression<string>,
): RawBuilder<boolean> {
  return dialect === "postgres"
    ? sql<boolean>`lower(${sql.raw(column)}) = lower(${value})`
    : sql<boolean>`${sql.raw(column)} = ${value} COLLATE NOCASE`;
}

/** The elements of a JSON array of scalars bound as one parameter, as a subquery's rows. */
export function jsonArrayElements(dialect: DialectName, json: string): RawBuilder<unknown> {
  return dialect === "postgres"
    ? sql`SELECT value FROM json_array_elements_text(${json}::json) AS elements(value)`
    : sql`SELECT value FROM json_each(${json})`;
}
