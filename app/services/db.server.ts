import { openDatabaseFromEnv } from "~db";

/** The one Kysely instance of the process: PostgreSQL with DATABASE_URL, else DATABASE_PATH. */
export const db = openDatabaseFromEnv();
