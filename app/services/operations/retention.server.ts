import { sql } from "kysely";
import {
  FULL_DETAIL_MS,
  HOURLY_DETAIL_MS,
  HOUR_MS,
  fullDetailCutoff,
  keepsSnapshot,
  syncRunCutoff,
} from "~/domain/retention";
import { yieldToEventLoop } from "~/server/event-loop.server";
import { isAnyOf } from "~db";
import { db, dialect } from "~/services/db.server";

/** Snapshots one step of a compaction pass reads (then deletes the dropped ones in one statement). */
export const COMPACTION_ROWS_PER_STEP = 5_000;

/**
 * The ranges of snapshot instants a pass reads. A snapshot's fate changes only when it ages into
 * the next tier (its successor's deletion never changes it, app/domain/retention.ts), so after a
 * pass at `since` the next one reads only what aged past 7 and past 90 days meanwhile (an hour's
 * margin). Without one (the first pass of a process: races may have been deleted meanwhile), or
 * when those ranges would meet, everything older than 7 days.
 */
function compactionRanges(now: Date, since: Date | undefined): Array<[string, string]> {
  const ago = (instant: Date, ms: number) => new Date(instant.getTime() - ms).toISOString();
  const fullPass: Array<[string, string]> = [["", fullDetailCutoff(now)]];
  if (!since) return fullPass;
  const hourly: [string, string] = [ago(since, FULL_DETAIL_MS + HOUR_MS), fullDetailCutoff(now)];
  const daily: [string, string] = [
    ago(since, HOURLY_DETAIL_MS + HOUR_MS),
    ago(now, HOURLY_DETAIL_MS),
  ];
  return daily[1] >= hourly[0] ? fullPass : [daily, hourly];
}

/**
 * Deletes the wager snapshots the retention rule no longer keeps (app/domain/retention.ts,
 * docs/decisions/0029), a few thousand read per step with a turn of the event loop between steps;
 * returns how many were deleted. `since`: the previous pass's instant, if any (compactionRanges).
 */
export async function compactWagerSnapshots(
  now: Date = new Date(),
  { since, rowsPerStep = COMPACTION_ROWS_PER_STEP }: { since?: Date; rowsPerStep?: number } = {},
): Promise<number> {
  // Every race's window, whatever its status: its standings read the latest snapshot at or
  // before its start and its end.
  const races = await db.selectFrom("races").select(["start_date", "end_date"]).execute();
  const raceBoundaries = races.flatMap((race) => [race.start_date, race.end_date]).sort();
  let deleted = 0;
  for (const [from, until] of compactionRanges(now, since)) {
    let after = { takenAt: "", id: 0 };
    for (;;) {
      // In the order of the taken_at index; each one's successor found by the (uid, taken_at) one.
      const { rows } = await sql<{ id: number; takenAt: string; nextTakenAt: string | null }>`
        SELECT id, taken_at AS "takenAt",
               (SELECT min(next.taken_at) FROM wager_snapshots next
                WHERE next.uid = snapshot.uid AND next.taken_at > snapshot.taken_at) AS "nextTakenAt"
        FROM wager_snapshots snapshot
        WHERE taken_at >= ${from} AND taken_at < ${until}
          AND (taken_at, id) > (${after.takenAt}, ${after.id})
        ORDER BY taken_at, id LIMIT ${rowsPerStep}`.execute(db);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!;
      const dropped = rows.filter((row) => !keepsSnapshot(row, now, raceBoundaries));
      if (dropped.length > 0) {
        await db
          .deleteFrom("wager_snapshots")
          .where(
            isAnyOf(
              dialect,
              "id",
              dropped.map((row) => row.id),
            ),
          )
          .execute();
        deleted += dropped.length;
      }
      await yieldToEventLoop();
    }
  }
  return deleted;
}

/**
 * Deletes finished sync runs older than the retention age, except the newest successful one (the
 * data's age is read from it). Returns how many were deleted.
 */
export async function pruneSyncRuns(now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("sync_runs")
    .where("started_at", "<", syncRunCutoff(now))
    .where("outcome", "!=", "running")
    .where(
      sql<boolean>`id != coalesce((SELECT max(id) FROM sync_runs WHERE outcome = 'success'), 0)`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
