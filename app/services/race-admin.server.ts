import type { RaceStatus } from "../../db/schema";
import { db } from "./db.server";
import { announceCompletion } from "./race-jobs.server";
import { completeRace, findRace, toRaceView } from "./races.server";
import type { RaceView } from "./races.server";

/** What an admin sets on a race (form or API), money already in cents. */
export type RaceInput = Omit<RaceView, "id" | "isAutomatic" | "completedAt">;

/** Every race, the running ones first, then the newest. */
export async function listRaces(): Promise<RaceView[]> {
  const rows = await db
    .selectFrom("races")
    .selectAll()
    .orderBy((eb) => eb.case().when("status", "=", "live").then(0).else(1).end())
    .orderBy("start_date", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toRaceView);
}

function columns(input: RaceInput) {
  return {
    title: input.title,
    type: input.type,
    prize_pool_cents: input.prizePoolCents,
    min_wager: input.minWager,
    start_date: input.startDate,
    end_date: input.endDate,
    prize_distribution: JSON.stringify(input.distribution),
    rules: input.rules,
    description: input.description,
  };
}

export async function createRace(
  input: RaceInput,
  userId: number,
  now: Date = new Date(),
): Promise<RaceView> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto("races")
    .values({
      ...columns(input),
      // Created as given, except that a completed race is completed (and frozen) below.
      status: input.status === "completed" ? "live" : input.status,
      created_at: stamp,
      created_by: userId,
      updated_at: stamp,
      updated_by: userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (input.status === "completed") await setRaceStatus(row.id, "completed", userId, now);
  return (await findRace(row.id))!;
}

/** Null when there is no such race. */
export async function updateRace(
  id: number,
  input: RaceInput,
  userId: number,
  now: Date = new Date(),
): Promise<RaceView | null> {
  const updated = await db
    .updateTable("races")
    .set({ ...columns(input), updated_at: now.toISOString(), updated_by: userId })
    .where("id", "=", id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return null;
  await setRaceStatus(id, input.status, userId, now);
  return findRace(id);
}

/**
 * Sets a race's status. Completing freezes its results and announces it exactly like the job;
 * reopening a completed race drops its frozen results so its standings run again.
 * Null when there is no such race.
 */
export async function setRaceStatus(
  id: number,
  status: RaceStatus,
  userId: number,
  now: Date = new Date(),
): Promise<RaceView | null> {
  const race = await findRace(id);
  if (!race) return null;
  if (race.status === status) return race;
  if (status === "completed") {
    const completion = await completeRace(id, now, userId);
    if (completion) await announceCompletion(completion, now);
  } else {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("race_results").where("race_id", "=", id).execute();
      await trx
        .updateTable("races")
        .set({ status, completed_at: null, updated_at: now.toISOString(), updated_by: userId })
        .where("id", "=", id)
        .execute();
    });
  }
  return findRace(id);
}

/** True when a race was deleted. */
export async function deleteRace(id: number): Promise<boolean> {
  const deleted = await db.deleteFrom("races").where("id", "=", id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
