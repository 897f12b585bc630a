// `npm run db:migrate`: applies pending migrations to DATABASE_URL (PostgreSQL) or DATABASE_PATH
// and exits.
import { databaseLabel, migrateToLatest, openDatabaseFromEnv } from "./index";

const file = databaseLabel();
const db = openDatabaseFromEnv();
try {
  const { results = [] } = await migrateToLatest(db);
  for (const r of results) console.log(`${r.status}: ${r.migrationName}`);
  console.log(
    results.length ? `Applied ${results.length} migration(s) to ${file}` : `${file} is up to date`,
  );
} finally {
  await db.destroy();
}
