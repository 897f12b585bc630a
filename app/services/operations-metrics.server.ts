import { ageSample, exposeBackupAge, exposeGaugeReadOnScrape } from "~/lib/metrics.server";
import type { EmailStatus } from "~db/schema";
import { lastSuccessfulBackupAt } from "./backup.server";
import { db } from "./db.server";
import { syncStatus } from "./sync-runs.server";

const OUTBOX_STATUSES = ["queued", "failed"] as const satisfies readonly EmailStatus[];

/**
 * The metrics read from the database when /metrics is scraped (§A11): the last successful sync's
 * age and players (true across restarts and for `npm run sync`), and the e-mail outbox's depth
 * and failures, and the newest successful backup's age.
 */
export function exposeDatabaseMetrics(): void {
  exposeBackupAge(async () => {
    const finishedAt = await lastSuccessfulBackupAt();
    return finishedAt ? new Date(finishedAt) : null;
  });
  exposeGaugeReadOnScrape({
    name: "goatedvips_last_successful_sync_age_seconds",
    help: "Seconds since the newest successful sync finished",
    read: async () => {
      const finishedAt = (await syncStatus()).lastSuccess?.finished_at;
      return ageSample(finishedAt ? new Date(finishedAt) : null);
    },
  });
  exposeGaugeReadOnScrape({
    name: "goatedvips_sync_players",
    help: "Players stored by the newest successful sync",
    read: async () => {
      const lastSuccess = (await syncStatus()).lastSuccess;
      return lastSuccess ? [{ value: lastSuccess.players_count }] : [];
    },
  });
  exposeGaugeReadOnScrape({
    name: "goatedvips_email_outbox_messages",
    help: "E-mails in the outbox: queued (waiting or to retry) and failed (given up)",
    labelNames: ["status"],
    read: async () => {
      const rows = await db
        .selectFrom("email_outbox")
        .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
        .where("status", "in", OUTBOX_STATUSES)
        .groupBy("status")
        .execute();
      return OUTBOX_STATUSES.map((status) => ({
        labels: { status },
        value: Number(rows.find((row) => row.status === status)?.count ?? 0),
      }));
    },
  });
}
