import { sql } from "kysely";
import { migrations } from "~db/migrations";
import { TOKEN_READ_FAILED } from "~/domain/provider-token";
import { judgeReadiness } from "~/domain/readiness";
import type { Readiness } from "~/domain/readiness";
import { readProviderConfig } from "~/server/provider-config.server";
import { db } from "~/services/db.server";
import { providerOverview } from "~/services/admin/provider-tokens.server";
import { syncStatus } from "./sync-runs.server";

/**
 * GET /readyz: migrated, and the last successful sync younger than three intervals (§A11); with
 * the provider's source and last refusal.
 */
export async function checkReadiness(now: Date = new Date()): Promise<Readiness> {
  const [applied, { lastSuccess }] = await Promise.all([
    sql<{ name: string }>`select name from kysely_migration`.execute(db),
    syncStatus(),
  ]);
  const appliedNames = new Set(applied.rows.map((row) => row.name));
  const pendingMigrations = Object.keys(migrations).filter((name) => !appliedNames.has(name));
  const judged = judgeReadiness({
    pendingMigrations,
    lastSuccessfulSyncAt: lastSuccess?.finished_at ?? null,
    syncIntervalSeconds: readProviderConfig().SYNC_INTERVAL_SECONDS,
    now,
  });
  // Before the migrations, the provider's tables may lack what the overview reads.
  if (pendingMigrations.length > 0) return judged;
  const { source, health } = await providerOverview(now);
  const refusal = health?.refusal;
  return {
    ...judged,
    provider: {
      source,
      status: health?.title ?? TOKEN_READ_FAILED,
      refusal: refusal
        ? { at: refusal.at, httpStatus: refusal.httpStatus, message: refusal.error }
        : null,
    },
  };
}
