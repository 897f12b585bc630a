import { sql } from "kysely";
import { fullDetailCutoff, keepsSnapshot, syncRunCutoff } from "~/domain/retention";
import { yieldToEventLoop } from "~/lib/event-loop.server";
import { db } from "./db.server";

/** Players whose snapshots one step of a compaction pass reads and thins (one transaction). */
export const COMPACTION_PLAYERS_PER_STEP = 200;

/**
 * Deletes the wager snapshots the retention rule no longer keeps (app/domain/retention.ts,
 * docs/decisions/0029), a few hundred players per transaction with a turn of the event loop
 * between them; returns how many were deleted. Only players with a snapshot older than the
 * full-detail age are read.
 */
export async function compactWagerSnapshots(
  now: Date = new Date(),
  { playersPerStep = COMPACTION_PLAYERS_PER_STEP } = {},
): Promise<number> {
  const cutoff = fullDetailCutoff(now);
  // Every race's window, whatever its status: its standings read the latest snapshot at or
  // before its start and its end.
  const races = await db.selectFrom("races").select(["start_date", "end_date"]).execute();
  const raceBoundaries = races.flatMap((race) => [race.start_date, race.end_date]).sort();
  let deleted = 0;
  let afterUid = "";
  for (;;) {
    const players = await db
      .selectFrom("wager_snapshots")
      .select("uid")
      .distinct()
      .where("uid", ">", afterUid)
      .where("taken_at", "<", cutoff)
      .orderBy("uid")
      .limit(playersPerStep)
      .execute();
    if (players.length === 0) return deleted;
    const uids = JSON.stringify(players.map((player) => player.uid));
    afterUid = players[players.length - 1]!.uid;
    deleted += await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number; takenAt: string; nextTakenAt: string | null }>`
        SELECT id, taken_at AS takenAt, next_taken_at AS nextTakenAt FROM (
          SELECT id, taken_at,
                 lead(taken_at) OVER (PARTITION BY uid ORDER BY taken_at, id) AS next_taken_at
          FROM wager_snapshots WHERE uid IN (SELECT value FROM json_each(${uids}))
        ) WHERE taken_at < ${cutoff}`.execute(trx);
      const dropped = rows.filter((row) => !keepsSnapshot(row, now, raceBoundaries));
      if (dropped.length === 0) return 0;
      await sql`DELETE FROM wager_snapshots
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(dropped.map((row) => row.id))}))`.execute(
        trx,
      );
      return dropped.length;
    });
    await yieldToEventLoop();
  }
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
