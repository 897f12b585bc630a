import path from "node:path";
import { databasePathFromEnv } from "~db";
import { readServerConfig } from "~/server/config.server";
import { startRepeatingJob } from "~/server/repeating-job.server";
import { drainOutbox } from "~/services/email/outbox.server";
import type { MailTransport } from "~/services/email/outbox.server";
import { enqueueMonthlyStatements } from "~/services/email/statements.server";
import { createMailTransport } from "~/services/email/transport.server";
import { logger } from "~/server/logger.server";

/** How often the outbox is drained: a queued e-mail leaves within this long. */
export const OUTBOX_INTERVAL_MS = 5_000;

/** How often the monthly statements are checked for (they are due from 06:00 UTC on the 1st). */
export const STATEMENTS_INTERVAL_MS = 10 * 60_000;

/** SMTP_URL's server, else .eml files in the data folder's mail/ (docs/decisions/0025). */
function configuredTransport(): MailTransport {
  const config = readServerConfig();
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: path.join(path.dirname(databasePathFromEnv()), "mail"),
  });
  logger.info(`E-mail: sending through ${transport.describe}`);
  return transport;
}

/**
 * The e-mail jobs: drains the outbox (SMTP_URL, else .eml files in the data folder's mail/), and
 * queues the monthly statements when due. Returns the function that stops both.
 */
export function startEmailJobs({
  transport,
  outboxIntervalMs = OUTBOX_INTERVAL_MS,
}: { transport?: MailTransport; outboxIntervalMs?: number } = {}) {
  const mail = transport ?? configuredTransport();
  const stopOutbox = startRepeatingJob("e-mail outbox", outboxIntervalMs, async () => {
    const { sent, retried, failed } = await drainOutbox(mail);
    if (sent + retried + failed > 0) {
      logger.info(
        { sent, retried, failed },
        `E-mail outbox: ${sent} sent, ${retried} to retry, ${failed} failed`,
      );
    }
  });
  const stopStatements = startRepeatingJob(
    "monthly statements",
    STATEMENTS_INTERVAL_MS,
    async () => {
      const queued = await enqueueMonthlyStatements();
      if (queued > 0) logger.info(`Monthly statements: ${queued} queued`);
    },
  );
  return async function stop() {
    await stopOutbox();
    await stopStatements();
  };
}
