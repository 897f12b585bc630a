import { ageSample, exposeBackupAge, exposeGaugeReadOnScrape } from "~/server/metrics.server";
import type { EmailStatus } from "~db/schema";
import { lastSuccessfulBackupAt } from "./backup.server";
import { db } from "~/services/db.server";
import { syncStatus } from "./sync-runs.server";

const OUTBOX_STATUSES = ["queued", "failed"] as const satisfies readonly EmailStatus[];

/**
 * The metrics read from the database when /metrics is scraped (§A11): the last successful sync's
 * age and players (true across restarts and for `npm run sync`), each outbox's depth and failures
 * (e-mail, push, Discord and Telegram), and the newest successful backup's age.
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
  exposeOutboxDepth("email_outbox", "goatedvips_email_outbox_messages", "E-mails");
  exposeOutboxDepth("push_outbox", "goatedvips_push_outbox_messages", "Push messages");
  exposeOutboxDepth(
    "channel_outbox",
    "goatedvips_channel_outbox_messages",
    "Discord and Telegram posts",
  );
}

/** One durable outbox's depth: what waits or will be retried, and what was given up on. */
function exposeOutboxDepth(
  table: "email_outbox" | "push_outbox" | "channel_outbox",
  name: string,
  what: string,
): void {
  exposeGaugeReadOnScrape({
    name,
    help: `${what} in the outbox: queued (waiting or to retry) and failed (given up)`,
    labelNames: ["status"],
    read: async () => {
      const rows = await db
        .selectFrom(table)
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
