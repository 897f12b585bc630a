import type { Selectable } from "kysely";
import type { Database } from "~db/schema";
import { auditSubject } from "~/domain/audit";
import { formatCents } from "~/domain/money";
import type { NotificationView } from "~/domain/notifications";
import { isOverdue, isPayoutStatus, PAYOUT_DUE_MS, UNTRACKED_PAYOUT } from "~/domain/race-payouts";
import type { PayoutView, PrizeWon } from "~/domain/race-payouts";
import type { PayoutChange } from "~/domain/race-payout-change";
import type { AuditActor } from "~/services/admin/audit.server";
import { recordAudit } from "~/services/admin/audit.server";
import { db } from "~/services/db.server";
import type { Executor } from "~/services/db.server";
import { addNotifications } from "~/services/notifications/notifications.server";
import { publicNames } from "~/services/players/player-names.server";

/** The payout ledger's queries: a completed race's paid places (race_results) and their payouts. */

function toPayout(row: Selectable<Database["race_results"]>): PayoutView {
  return {
    place: row.position,
    uid: row.uid,
    name: row.name,
    amountCents: row.paid_cents ?? row.prize_cents,
    status: isPayoutStatus(row.payout_status) ? row.payout_status : "unpaid",
    method: row.payout_method,
    reference: row.payout_reference,
    reason: row.payout_reason,
    paidAt: row.paid_at,
    paidBy: row.paid_by_username,
  };
}

/**
 * A race's payouts, place 1 first: none before it completes. A place whose share is 0 (a split
 * that pays fewer than 10) is in the results but pays nothing, so it is no payout. Names as the
 * public sees them, unless an admin's page asks for the real ones (docs/decisions/0081).
 */
export async function listPayouts(
  raceId: number,
  names: "public" | "real" = "public",
): Promise<PayoutView[]> {
  const rows = await db
    .selectFrom("race_results")
    .selectAll()
    .where("race_id", "=", raceId)
    .where("prize_cents", ">", 0)
    .where("payout_status", "!=", UNTRACKED_PAYOUT)
    .orderBy("position")
    .execute();
  const payouts = rows.map(toPayout);
  return names === "real" ? payouts : publicNames(payouts);
}

/** Whether any payout of the race is marked paid or held (PAYOUTS_ON_RECORD). */
export async function hasPayoutsOnRecord(executor: Executor, raceId: number): Promise<boolean> {
  const row = await executor
    .selectFrom("race_results")
    .select("position")
    .where("race_id", "=", raceId)
    .where("payout_status", "in", ["paid", "held"])
    .executeTakeFirst();
  return row !== undefined;
}

export type PayoutMarking =
  | { payout: PayoutView; notifications: NotificationView[] }
  | { missing: "race" | "place" }
  | { changedMeanwhile: true };

/**
 * Marks one payout (audited with its before and after). A prize newly paid tells its winner's
 * linked users (in-app, and by e-mail per wagerRaceUpdates) in the same transaction; hand the
 * notifications to announceNotifications after it commits.
 */
export async function markPayout(
  raceId: number,
  place: number,
  change: PayoutChange,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<PayoutMarking> {
  return db.transaction().execute(async (trx) => {
    const race = await trx
      .selectFrom("races")
      .select(["id", "title"])
      .where("id", "=", raceId)
      .executeTakeFirst();
    if (!race) return { missing: "race" as const };
    const row = await trx
      .selectFrom("race_results")
      .selectAll()
      .where("race_id", "=", raceId)
      .where("position", "=", place)
      .where("prize_cents", ">", 0)
      .where("payout_status", "!=", UNTRACKED_PAYOUT)
      .executeTakeFirst();
    if (!row) return { missing: "place" as const };
    const before = toPayout(row);
    // A form from a page loaded before another admin's change (a hold, a payment) changes nothing.
    if (change.expectedStatus && change.expectedStatus !== before.status) {
      return { changedMeanwhile: true as const };
    }
    const paid = change.status === "paid";
    // A payout already paid keeps its time and admin when only its method or reference change.
    const stillPaid = paid && before.status === "paid";
    // Guarded by the status read above: of two admins marking it at once (two processes on
    // PostgreSQL), the second re-checks after the first commits and changes nothing, so the winner
    // is told once and each audit row's "before" is true.
    const updated = await trx
      .updateTable("race_results")
      .set({
        payout_status: change.status,
        payout_method: change.method,
        payout_reference: change.reference,
        payout_reason: change.reason,
        paid_cents: paid ? row.prize_cents : null,
        paid_at: paid ? (stillPaid ? row.paid_at : now.toISOString()) : null,
        paid_by: paid ? (stillPaid ? row.paid_by : actor.userId) : null,
        paid_by_username: paid ? (stillPaid ? row.paid_by_username : actor.username) : null,
      })
      .where("race_id", "=", raceId)
      .where("position", "=", place)
      .where("payout_status", "=", row.payout_status)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return { changedMeanwhile: true as const };
    const after = toPayout(
      await trx
        .selectFrom("race_results")
        .selectAll()
        .where("race_id", "=", raceId)
        .where("position", "=", place)
        .executeTakeFirstOrThrow(),
    );
    await recordAudit(
      trx,
      {
        actor,
        kind: "race.payout_marked",
        subject: auditSubject("race", raceId),
        before,
        after,
      },
      now,
    );
    if (!paid || stillPaid) return { payout: after, notifications: [] };
    const winners = await trx
      .selectFrom("users")
      .select("id")
      .where("goated_id", "=", row.uid)
      .execute();
    const notifications = await addNotifications(
      trx,
      winners.map((user) => ({
        userId: user.id,
        kind: "race_prize_paid" as const,
        title: `Your ${race.title} prize is paid`,
        message: `Your prize of ${formatCents(after.amountCents)} for place #${place} was paid by ${after.method ?? ""} (reference ${after.reference ?? ""}).`,
        raceId,
      })),
      now,
    );
    return { payout: after, notifications };
  });
}

export interface OverduePayout extends PayoutView {
  raceId: number;
  raceTitle: string;
  completedAt: string;
}

/** Every payout still unpaid more than 24 hours after its race completed, oldest first. */
export async function overduePayouts(now: Date = new Date()): Promise<OverduePayout[]> {
  const due = new Date(now.getTime() - PAYOUT_DUE_MS).toISOString();
  const rows = await db
    .selectFrom("race_results")
    .innerJoin("races", "races.id", "race_results.race_id")
    .selectAll("race_results")
    .select(["races.title as race_title", "races.completed_at as completed_at"])
    .where("races.status", "=", "completed")
    .where("race_results.payout_status", "=", "unpaid")
    .where("race_results.prize_cents", ">", 0)
    .where("races.completed_at", "<", due)
    .orderBy("races.completed_at")
    .orderBy("race_results.position")
    .execute();
  return rows.flatMap((row) => {
    const payout = toPayout(row);
    if (!row.completed_at || !isOverdue(payout.status, row.completed_at, now)) return [];
    return [
      { ...payout, raceId: row.race_id, raceTitle: row.race_title, completedAt: row.completed_at },
    ];
  });
}

/** The prizes the player linked to user `userId` won in completed races, newest first. */
export async function prizesWonBy(userId: number): Promise<PrizeWon[]> {
  const rows = await db
    .selectFrom("users")
    .innerJoin("race_results", "race_results.uid", "users.goated_id")
    .innerJoin("races", "races.id", "race_results.race_id")
    .selectAll("race_results")
    .select("races.title as race_title")
    .where("users.id", "=", userId)
    .where("races.status", "=", "completed")
    .where("race_results.prize_cents", ">", 0)
    .orderBy("races.completed_at", "desc")
    .orderBy("races.id", "desc")
    .execute();
  return rows.map((row) => {
    const payout = toPayout(row);
    return {
      raceId: row.race_id,
      raceTitle: row.race_title,
      place: payout.place,
      amountCents: payout.amountCents,
      status: row.payout_status === UNTRACKED_PAYOUT ? null : payout.status,
      paidAt: payout.paidAt,
    };
  });
}
