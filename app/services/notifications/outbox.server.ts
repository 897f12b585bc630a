import type { Selectable } from "kysely";
import type { Database } from "~db/schema";
import { EMAIL_CLAIM_LEASE_MS, MAX_EMAIL_ATTEMPTS, nextEmailAttempt } from "~/domain/email";
import { db } from "~/services/db.server";

/**
 * The steps every durable queue takes (docs/decisions/0025): e-mail, push (0077) and community
 * channel posts (0078) share them. A row is claimed with a guarded UPDATE (attempts + 1, next
 * attempt pushed past a lease) before it is sent, so two passes never send one row and a claim
 * left by a crash is taken again once its lease ends. Failures wait 1, 2, 4, 8 minutes; the fifth
 * marks the row failed.
 */
export type OutboxTable = "email_outbox" | "push_outbox" | "channel_outbox";

// Kysely types a query over a union of tables by the columns they share; the queue's columns are
// the same in each, so the steps below name one table's type and serve all three.
type AnyOutbox = "email_outbox";

/** Gives up the rows whose last attempt was claimed but never finished (a crash): how many. */
export async function abandonInterrupted(table: OutboxTable, now: Date): Promise<number> {
  const abandoned = await db
    .updateTable(table as AnyOutbox)
    .set({ status: "failed", last_error: "Delivery was interrupted on the last attempt" })
    .where("status", "=", "queued")
    .where("attempts", ">=", MAX_EMAIL_ATTEMPTS)
    .where("next_attempt_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(abandoned.numUpdatedRows);
}

/** The ids of the rows due now, oldest first. */
export async function dueIds(table: OutboxTable, now: Date, limit: number): Promise<number[]> {
  const due = await db
    .selectFrom(table as AnyOutbox)
    .select("id")
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return due.map((row) => row.id);
}

/** Takes a due row for this pass (its attempt counted): undefined when another pass took it. */
export async function claim<T extends OutboxTable>(
  table: T,
  id: number,
  now: Date,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .updateTable(table as AnyOutbox)
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      next_attempt_at: new Date(now.getTime() + EMAIL_CLAIM_LEASE_MS).toISOString(),
    }))
    .where("id", "=", id)
    .where("status", "=", "queued")
    .where("attempts", "<", MAX_EMAIL_ATTEMPTS)
    .where("next_attempt_at", "<=", now.toISOString())
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

export async function markSent(table: OutboxTable, id: number, now: Date): Promise<void> {
  await db
    .updateTable(table as AnyOutbox)
    .set({ status: "sent", sent_at: now.toISOString(), last_error: null })
    .where("id", "=", id)
    .execute();
}

/**
 * Records a failed attempt: tried again later while attempts remain (and `final` is not set),
 * failed otherwise. The error's text is kept, cut to 500 characters.
 */
export async function recordFailure(
  table: OutboxTable,
  row: { id: number; attempts: number },
  error: string,
  now: Date,
  { final = false }: { final?: boolean } = {},
): Promise<"retried" | "failed"> {
  const next = final ? null : nextEmailAttempt(row.attempts, now);
  await db
    .updateTable(table as AnyOutbox)
    .set({
      last_error: error.slice(0, 500),
      ...(next ? { next_attempt_at: next.toISOString() } : { status: "failed" }),
    })
    .where("id", "=", row.id)
    .execute();
  return next ? "retried" : "failed";
}

/** An error's message as a row keeps it. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
