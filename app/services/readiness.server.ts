import { sql } from "kysely";
import { migrations } from "~db/migrations";
import { judgeReadiness } from "~/domain/readiness";
import type { Readiness } from "~/domain/readiness";
import { readProviderConfig } from "~/lib/provider-config.server";
import { db } from "./db.server";
import { syncStatus } from "./sync-runs.server";

/** GET /readyz: migrated, and the last successful sync younger than three intervals (§A11). */
export async function checkReadiness(now: Date = new Date()): Promise<Readiness> {
  const [applied, { lastSuccess }] = await Promise.all([
    sql<{ name: string }>`select name from kysely_migration`.execute(db),
    syncStatus(),
  ]);
  const appliedNames = new Set(applied.rows.map((row) => row.name));
  return judgeReadiness({
    pendingMigrations: Object.keys(migrations).filter((name) => !appliedNames.has(name)),
    lastSuccessfulSyncAt: lastSuccess?.finished_at ?? null,
    syncIntervalSeconds: readProviderConfig().SYNC_INTERVAL_SECONDS,
    now,
  });
}
