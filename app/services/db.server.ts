import type { Kysely, Transaction } from "kysely";
import { dialectOf, openDatabaseFromEnv } from "~db";
import type { Database } from "~db";

/** The one Kysely instance of the process: PostgreSQL with DATABASE_URL, else DATABASE_PATH. */
export const db = openDatabaseFromEnv();

/** Which engine `db` runs on, for the few queries that differ (db/dialect.ts). */
export const dialect = dialectOf(db);

/** Where a query runs: the database itself, or a transaction the caller holds open. */
export type Executor = Kysely<Database> | Transaction<Database>;
