import { logger } from "~/server/logger.server";
import { startRepeatingJob } from "~/server/repeating-job.server";
import { compactWagerSnapshots, pruneSyncRuns } from "~/services/operations/retention.server";
import { purgeExpiredSessions } from "~/services/auth/sessions.server";

/**
 * Keeps the tables that grow by themselves bounded (issue 19, docs/decisions/0029): expired
 * sessions are purged, old sync runs pruned and wager snapshots compacted. Hourly: snapshots age
 * out of full detail one hour at a time.
 */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/** One pass of the job (`since`: the previous pass's instant, if any): what it deleted. */
export async function runRetentionPass(now: Date = new Date(), since?: Date) {
  return {
    sessions: await purgeExpiredSessions(now),
    syncRuns: await pruneSyncRuns(now),
    snapshots: await compactWagerSnapshots(now, { since }),
  };
}

/** Runs a pass now and then every interval; returns the function that stops it. */
export function startRetentionJob({ intervalMs = RETENTION_INTERVAL_MS } = {}) {
  let previousPass: Date | undefined;
  return startRepeatingJob("data retention", intervalMs, async () => {
    const now = new Date();
    const deleted = await runRetentionPass(now, previousPass);
    previousPass = now;
    if (deleted.sessions + deleted.syncRuns + deleted.snapshots > 0) {
      logger.info(
        `Data retention: ${deleted.sessions} expired sessions, ${deleted.syncRuns} sync runs, ${deleted.snapshots} wager snapshots deleted`,
      );
    }
  });
}
