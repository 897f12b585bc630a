/**
 * Whether the site is ready to take traffic (GET /readyz, docs/product.md §A11): its database is
 * at the latest migration and its data is fresh, the last successful sync being younger than three
 * sync intervals (one late or failed sync is not yet a reason to take it out of rotation).
 */
export type Readiness = (
  { ready: true; lastSuccessfulSyncAgeSeconds: number } | { ready: false; reason: string }
) & { provider?: ProviderReadiness };

/**
 * What /readyz tells of the provider besides: the source in force, its status in the admin
 * pages' words, and the last sync's refusal (its time, HTTP status and message), if it was one. A
 * refusal alone does not take the site out of rotation: it still serves its last data.
 */
export interface ProviderReadiness {
  source: string;
  status: string;
  refusal: { at: string; httpStatus: number | null; message: string | null } | null;
}

export const STALE_AFTER_INTERVALS = 3;

export function judgeReadiness({
  pendingMigrations,
  lastSuccessfulSyncAt,
  syncIntervalSeconds,
  now,
}: {
  pendingMigrations: readonly string[];
  lastSuccessfulSyncAt: string | null;
  syncIntervalSeconds: number;
  now: Date;
}): Readiness {
  if (pendingMigrations.length > 0) {
    return { ready: false, reason: `Migrations not applied: ${pendingMigrations.join(", ")}` };
  }
  if (!lastSuccessfulSyncAt) return { ready: false, reason: "No sync has succeeded yet" };
  const ageSeconds = Math.max(
    0,
    Math.floor((now.getTime() - Date.parse(lastSuccessfulSyncAt)) / 1000),
  );
  const limitSeconds = STALE_AFTER_INTERVALS * syncIntervalSeconds;
  if (ageSeconds > limitSeconds) {
    return {
      ready: false,
      reason: `The last successful sync finished ${ageSeconds} s ago, more than three sync intervals (${limitSeconds} s)`,
    };
  }
  return { ready: true, lastSuccessfulSyncAgeSeconds: ageSeconds };
}
