import type { Kysely } from "kysely";

/**
 * The payout ledger (issue 32): each paid place of a completed race (a race_results row) is a
 * payout, unpaid until an admin marks it paid (method, reference, amount, time, admin) or held
 * (reason). Frozen with the results, so a race reopened and completed again starts unpaid.
 * Results frozen before the ledger were settled outside it: they are 'untracked', no payouts (a
 * past race's prizes shown as unpaid and overdue would be untrue).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("race_results")
    .addColumn("payout_status", "text", (c) => c.notNull().defaultTo("unpaid"))
    .execute();
  await db
    .updateTable("race_results" as never)
    .set({ payout_status: "untracked" } as never)
    .execute();
  await db.schema.alterTable("race_results").addColumn("payout_method", "text").execute();
  await db.schema.alterTable("race_results").addColumn("payout_reference", "text").execute();
  await db.schema.alterTable("race_results").addColumn("payout_reason", "text").execute();
  await db.schema.alterTable("race_results").addColumn("paid_cents", "integer").execute();
  await db.schema.alterTable("race_results").addColumn("paid_at", "text").execute();
  await db.schema.alterTable("race_results").addColumn("paid_by", "integer").execute();
  await db.schema.alterTable("race_results").addColumn("paid_by_username", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "paid_by_username",
    "paid_by",
    "paid_at",
    "paid_cents",
    "payout_reason",
    "payout_reference",
    "payout_method",
    "payout_status",
  ]) {
    await db.schema.alterTable("race_results").dropColumn(column).execute();
  }
}
