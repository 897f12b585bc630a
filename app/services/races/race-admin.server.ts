import type { Transaction } from "kysely";
import type { Database } from "~db/schema";
import { auditSubject } from "~/domain/audit";
import { changesSealedResult } from "~/domain/race";
import type { Completion, RaceInput, RaceSave, RaceStatus, RaceView } from "~/domain/race";
import { recordAudit } from "~/services/admin/audit.server";
import type { AuditActor } from "~/services/admin/audit.server";
import { db } from "~/services/db.server";
import { announceRaceStarts } from "~/services/email/race-emails.server";
import { announceCompletion } from "./race-announcement.server";
import { hasPayoutsOnRecord } from "./race-payouts.server";
import { completeRaceIn, freezeResults } from "./race-results.server";
import { findLiveMonthlyRaceClash, findRace, toRaceView } from "./race-store.server";

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

/**
 * Announces a completion made by an admin's write, and e-mails a race that has gone live, once its
 * transaction has committed.
 */
async function saved<Refusal extends Exclude<RaceSave, { race: RaceView }>>(
  outcome: { race: RaceView; completion: Completion | null } | Refusal,
  now: Date,
): Promise<{ race: RaceView } | Refusal> {
  if (!("race" in outcome)) return outcome;
  if (outcome.completion) await announceCompletion(outcome.completion, now);
  await announceRaceStarts(now);
  return { race: (await findRace(outcome.race.id)) ?? outcome.race };
}

/**
 * Creates a race in one transaction with its audit row; a race created completed has its results
 * frozen at once.
 */
export async function createRace(
  input: RaceInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<Exclude<RaceSave, { payoutsOnRecord: true } | { resultSealed: true }>> {
  const userId = actor.userId;
  const stamp = now.toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    const clash = await findLiveMonthlyRaceClash(trx, input, null);
    if (clash) return { clash };
    const completed = input.status === "completed";
    const row = await trx
      .insertInto("races")
      .values({
        ...columns(input),
        status: input.status,
        completed_at: completed ? stamp : null,
        created_at: stamp,
        created_by: userId,
        updated_at: stamp,
        updated_by: userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const race = toRaceView(row);
    const subject = auditSubject("race", race.id);
    await recordAudit(
      trx,
      { actor, kind: "race.created", subject, before: null, after: race },
      now,
    );
    return {
      race,
      completion: completed ? { race, ...(await freezeResults(trx, race, now)) } : null,
    };
  });
  return saved<{ clash: RaceView }>(outcome, now);
}

/** Whether moving `race` to `status` would reopen it and drop payouts on record (see writeStatus). */
async function reopensPaidRace(trx: Transaction<Database>, race: RaceView, status: RaceStatus) {
  if (race.status !== "completed" || status === "completed") return false;
  return hasPayoutsOnRecord(trx, race.id);
}

/**
 * Thrown inside a reopening transaction when a payout was marked while it ran, to roll it back.
 * Caught by inRaceTransaction.
 */
class PayoutMarkedMeanwhile extends Error {}

/** Runs a race write in one transaction; a reopening refused by writeStatus answers PAYOUTS_ON_RECORD. */
async function inRaceTransaction<Outcome>(
  write: (trx: Transaction<Database>) => Promise<Outcome>,
): Promise<Outcome | { payoutsOnRecord: true }> {
  try {
    return await db.transaction().execute(write);
  } catch (error) {
    if (error instanceof PayoutMarkedMeanwhile) return { payoutsOnRecord: true as const };
    throw error;
  }
}

/**
 * Moves a race to `status` inside the caller's transaction. Completing freezes its results
 * exactly like the job; reopening a completed race drops its frozen results and their hash so its
 * standings run again.
 */
async function writeStatus(
  trx: Transaction<Database>,
  race: RaceView,
  status: RaceStatus,
  userId: number,
  now: Date,
): Promise<Completion | null> {
  if (race.status === status) return null;
  if (status === "completed") return completeRaceIn(trx, race.id, now, userId);
  // The callers checked that no payout is on record, but on PostgreSQL another process may mark one
  // between that check and this delete: the delete then waits for its row, re-reads it and passes
  // it by, and the check below rolls the reopening back instead of dropping a paid prize.
  await trx
    .deleteFrom("race_results")
    .where("race_id", "=", race.id)
    .where("payout_status", "not in", ["paid", "held"])
    .execute();
  if (await hasPayoutsOnRecord(trx, race.id)) throw new PayoutMarkedMeanwhile();
  await trx
    .updateTable("races")
    .set({
      status,
      completed_at: null,
      result_hash: null,
      updated_at: now.toISOString(),
      updated_by: userId,
    })
    .where("id", "=", race.id)
    .execute();
  return null;
}

/** Saves an admin's edit with its audit row in one transaction. Null when there is no such race. */
export async function updateRace(
  id: number,
  input: RaceInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<RaceSave | null> {
  const userId = actor.userId;
  const outcome = await inRaceTransaction(async (trx) => {
    const existing = await findRace(id, trx);
    if (!existing) return null;
    if (await reopensPaidRace(trx, existing, input.status))
      return { payoutsOnRecord: true as const };
    if (changesSealedResult(existing, input)) return { resultSealed: true as const };
    const clash = await findLiveMonthlyRaceClash(trx, input, id);
    if (clash) return { clash };
    await trx
      .updateTable("races")
      .set({ ...columns(input), updated_at: now.toISOString(), updated_by: userId })
      .where("id", "=", id)
      .execute();
    const completion = await writeStatus(trx, existing, input.status, userId, now);
    await recordAudit(
      trx,
      {
        actor,
        kind: "race.updated",
        subject: auditSubject("race", id),
        before: existing,
        after: await findRace(id, trx),
      },
      now,
    );
    return { race: existing, completion };
  });
  return outcome ? saved(outcome, now) : null;
}

/**
 * Sets a race's status (see writeStatus); a monthly race cannot go back to upcoming or live in a
 * month that has another one. Null when there is no such race.
 */
export async function setRaceStatus(
  id: number,
  status: RaceStatus,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<Exclude<RaceSave, { resultSealed: true }> | null> {
  const outcome = await inRaceTransaction(async (trx) => {
    const race = await findRace(id, trx);
    if (!race) return null;
    if (await reopensPaidRace(trx, race, status)) return { payoutsOnRecord: true as const };
    const clash =
      race.status === status ? null : await findLiveMonthlyRaceClash(trx, { ...race, status }, id);
    if (clash) return { clash };
    const completion = await writeStatus(trx, race, status, actor.userId, now);
    if (race.status !== status) {
      await recordAudit(
        trx,
        {
          actor,
          kind: "race.status_changed",
          subject: auditSubject("race", id),
          before: { status: race.status },
          after: { status },
        },
        now,
      );
    }
    return { race, completion };
  });
  return outcome ? saved<{ clash: RaceView } | { payoutsOnRecord: true }>(outcome, now) : null;
}

/** Deletes a race with its audit row in one transaction; true when there was one. */
export async function deleteRace(
  id: number,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const race = await findRace(id, trx);
    if (!race) return false;
    await trx.deleteFrom("races").where("id", "=", id).execute();
    await recordAudit(
      trx,
      { actor, kind: "race.deleted", subject: auditSubject("race", id), before: race, after: null },
      now,
    );
    return true;
  });
}
