import { dueStatementMonth } from "~/domain/email";
import { monthlyStatementEmail } from "~/domain/email-templates";
import { rankFor } from "~/domain/rank";
import { siteOrigin } from "~/server/config.server";
import { db } from "~/services/db.server";
import { emailRecipients, enqueueEmails } from "./outbox.server";
import type { Executor } from "~/services/db.server";

/**
 * Monthly statements (docs/product.md §P10, monthlyStatements): from 06:00 UTC on the 1st, last
 * month's wager, end-of-month rank and race results for each user linked to a provider player.
 * Once per user and month: the outbox's unique key drops a second copy, so the job may run as
 * often as it likes. Returns how many were queued.
 */
export async function enqueueMonthlyStatements(now: Date = new Date()): Promise<number> {
  const month = dueStatementMonth(now);
  if (!month) return 0;
  const monthName = month.start.toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return db.transaction().execute(async (trx) => {
    const recipients = (await emailRecipients(trx, "monthlyStatements")).filter(
      (r) => r.goatedId !== null,
    );
    const emails = [];
    for (const recipient of recipients) {
      const uid = recipient.goatedId as string;
      const atStart = await allTimeAt(trx, uid, month.start);
      const atEnd = await allTimeAt(trx, uid, month.end);
      const races = await trx
        .selectFrom("race_results")
        .innerJoin("races", "races.id", "race_results.race_id")
        .select(["races.title", "race_results.position", "race_results.prize_cents"])
        .where("race_results.uid", "=", uid)
        .where("races.status", "=", "completed")
        .where("races.end_date", ">", month.start.toISOString())
        .where("races.end_date", "<=", month.end.toISOString())
        .orderBy("races.end_date")
        .execute();
      emails.push({
        userId: recipient.userId,
        to: recipient.email,
        kind: "monthly_statement" as const,
        preference: "monthlyStatements" as const,
        dedupeKey: `monthly_statement:${month.key}:${recipient.userId}`,
        content: monthlyStatementEmail(
          {
            monthName,
            wageredDollars: Math.max(0, atEnd - atStart),
            rankName: rankFor(atEnd).name,
            races: races.map((r) => ({
              title: r.title,
              position: r.position,
              prizeCents: r.prize_cents,
            })),
          },
          siteOrigin(),
        ),
      });
    }
    return enqueueEmails(trx, emails, now);
  });
}

/** A player's all-time total at an instant: the latest snapshot at or before it (0 before any). */
async function allTimeAt(executor: Executor, uid: string, at: Date): Promise<number> {
  const row = await executor
    .selectFrom("wager_snapshots")
    .select("all_time")
    .where("uid", "=", uid)
    .where("taken_at", "<=", at.toISOString())
    .orderBy("taken_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.all_time ?? 0;
}
