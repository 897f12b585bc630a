import { databasePathFromEnv, openDatabase } from "~db";
import { singleton } from "~/lib/singleton.server";

/** The one Kysely instance of the process, over DATABASE_PATH. */
export const db = singleton("db", () => openDatabase(databasePathFromEnv()));
