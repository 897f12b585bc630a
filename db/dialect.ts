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

/**
 * `column` is one of `values`, however many (SQLite caps a statement's parameters): one JSON
 * parameter read by json_each on SQLite, one array parameter on PostgreSQL.
 */
export function isAnyOf(
  dialect: DialectName,
  column: string,
  values: readonly (string | number)[],
): RawBuilder<boolean> {
  return dialect === "postgres"
    ? sql<boolean>`${sql.ref(column)} = ANY(${values})`
    : sql<boolean>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/**
 * `column` contains `pattern` (a LIKE pattern escaped with `escape`) ignoring ASCII case: SQLite's
 * LIKE already ignores it, PostgreSQL's ILIKE does (served by the pg_trgm index on player names).
 */
export function likeIgnoringCase(
  dialect: DialectName,
  column: string,
  pattern: string,
  escape: string,
): RawBuilder<boolean> {
  return dialect === "postgres"
    ? sql<boolean>`${sql.ref(column)} ILIKE ${pattern} ESCAPE ${escape}`
    : sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE ${escape}`;
}
