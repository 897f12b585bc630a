import { databasePathFromEnv, openDatabase } from "~db";

/** The one Kysely instance of the process, over DATABASE_PATH. */
export const db = openDatabase(databasePathFromEnv());
