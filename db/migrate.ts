// `npm run db:migrate`: applies pending migrations to DATABASE_PATH and exits.
import { databasePathFromEnv, migrateToLatest, openDatabase } from "./index";

const file = databasePathFromEnv();
const db = openDatabase(file);
try {
  const { results = [] } = await migrateToLatest(db);
  for (const r of results) console.log(`${r.status}: ${r.migrationName}`);
  console.log(
    results.length ? `Applied ${results.length} migration(s) to ${file}` : `${file} is up to date`,
  );
} finally {
  await db.destroy();
}
