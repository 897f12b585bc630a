// Queues e-mail through the outbox service itself (tests/factories.ts writes rows directly and
// stays free of services): what the outbox's tests start from.
import type { Kysely } from "kysely";
import type { Database } from "~db/schema";
import { insertUser, uniqueName } from "../../factories";
import { enqueueEmails } from "~/services/email/outbox.server";

/** A new user (at `email`, else a unique address) with one announcement e-mail queued at `at`. */
export async function queueAnnouncement(
  db: Kysely<Database>,
  {
    subject = "Hello",
    heading = subject,
    paragraphs = ["Body"],
    email = `${uniqueName("p")}@example.com`,
    at = new Date(),
  }: { subject?: string; heading?: string; paragraphs?: string[]; email?: string; at?: Date } = {},
): Promise<{ userId: number; email: string }> {
  const userId = await insertUser(db, { email });
  await enqueueEmails(
    db,
    [
      {
        userId,
        to: email,
        kind: "announcement",
        preference: "promotionalOffers",
        content: { subject, heading, paragraphs },
      },
    ],
    at,
  );
  return { userId, email };
}
