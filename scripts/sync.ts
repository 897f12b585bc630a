// `npm run sync`: one provider (or demo) sync against DATABASE_PATH, then exit (1 on failure).
// A running server's open pages are not pushed from here; they see the data on their next load.
import { migrateToLatest } from "../db";
import { readProviderConfig } from "../app/server/provider-config.server";
import { describeSyncResult, runSync } from "../app/jobs/sync.server";
import { db } from "../app/services/db.server";

await migrateToLatest(db);
const result = await runSync({ config: readProviderConfig() });
console.log(describeSyncResult(result));
await db.destroy();
process.exit(result.outcome === "success" ? 0 : 1);
