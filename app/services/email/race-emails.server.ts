import type { Transaction } from "kysely";
import type { Database } from "~db/schema";
import type { RaceView } from "~/domain/race";
import { raceStartedPost } from "~/domain/community-channels";
import { raceEndedEmail, raceStartedEmail } from "~/domain/email-templates";
import type { Standing } from "~/domain/race-standings";
import { PAID_POSITIONS, prizeCents } from "~/domain/race-prizes";
import { siteOrigin } from "~/server/config.server";
import { enqueueChannelPosts } from "~/services/notifications/community-channels.server";
import { db } from "~/services/db.server";
import { emailRecipients, enqueueEmails } from "./outbox.server";

/**
 * The wagerRaceUpdates e-mails (docs/product.md §P10): a race started, and a race ended with the
 * reader's final position and prize. A winner's e-mail is the copy of their race_prize
 * notification, so the "ended" e-mail here goes to everyone else.
 */

/**
 * E-mails (and posts to the community channels) the start of every live race that has started
 * and was not announced yet. Each race is
 * marked by a guarded update in the transaction that queues its e-mails, so a restart or a second
 * caller never sends a start twice. Run by the race job and after an admin's save.
 */
export async function announceRaceStarts(now: Date = new Date()): Promise<number> {
  const races = await db
    .selectFrom("races")
    .select(["id", "title", "end_date", "prize_pool_cents"])
    .where("status", "=", "live")
    .where("start_date", "<=", now.toISOString())
    .where("start_announced_at", "is", null)
    .execute();
  let queued = 0;
  for (const race of races) {
    queued += await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable("races")
        .set({ start_announced_at: now.toISOString() })
        .where("id", "=", race.id)
        .where("start_announced_at", "is", null)
        .executeTakeFirst();
      if (marked.numUpdatedRows === 0n) return 0;
      const started = {
        title: race.title,
        endDate: race.end_date,
        prizePoolCents: race.prize_pool_cents,
      };
      const url = `${siteOrigin()}/wager-races/${race.id}`;
      // The community channels that post race starts, queued with the mark like the e-mails.
      await enqueueChannelPosts(
        trx,
        "race_started",
        raceStartedPost(started, url),
        `race_started:${race.id}`,
        now,
      );
      const recipients = await emailRecipients(trx, "wagerRaceUpdates");
      const content = raceStartedEmail(started, url);
      return enqueueEmails(
        trx,
        recipients.map((r) => ({
          userId: r.userId,
          to: r.email,
          kind: "race_started",
          preference: "wagerRaceUpdates",
          content,
          dedupeKey: `race_started:${race.id}:${r.userId}`,
        })),
        now,
      );
    });
  }
  return queued;
}

/**
 * Queues "the race ended" for every user with wagerRaceUpdates on, except the paid places'
 * linked users (their race_prize notification is e-mailed instead), inside the completion's
 * transaction. Linked users who wagered read their final position.
 */
export async function enqueueRaceEndedEmails(
  trx: Transaction<Database>,
  race: RaceView,
  standings: readonly Standing[],
  now: Date,
): Promise<number> {
  const byUid = new Map(standings.map((s) => [s.uid, s]));
  const recipients = await emailRecipients(trx, "wagerRaceUpdates");
  const url = `${siteOrigin()}/wager-races/${race.id}`;
  const emails = recipients.flatMap((r) => {
    const standing = r.goatedId ? byUid.get(r.goatedId) : undefined;
    if (standing && standing.position <= PAID_POSITIONS) return [];
    const result = standing
      ? {
          position: standing.position,
          prizeCents: prizeCents(race.prizePoolCents, race.distribution, standing.position),
          totalParticipants: standings.length,
        }
      : null;
    return [
      {
        userId: r.userId,
        to: r.email,
        kind: "race_ended" as const,
        preference: "wagerRaceUpdates" as const,
        content: raceEndedEmail(race, result, url),
        dedupeKey: `race_ended:${race.id}:${r.userId}`,
      },
    ];
  });
  return enqueueEmails(trx, emails, now);
}
