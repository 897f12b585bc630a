import type { Transaction } from "kysely";
import type { Database } from "~db/schema";
import type { NotificationView } from "~/domain/notifications";
import type { Completion, Participant, RaceView } from "~/domain/race";
import { raceCompletedPost } from "~/domain/community-channels";
import { withPublicNames } from "~/domain/player-names";
import { siteOrigin } from "~/server/config.server";
import { enqueueChannelPosts } from "~/services/notifications/community-channels.server";
import { db } from "~/services/db.server";
import { enqueueRaceEndedEmails } from "~/services/email/race-emails.server";
import {
  addNotifications,
  type NewNotification,
} from "~/services/notifications/notifications.server";
import { loadPolicy } from "~/services/players/player-names.server";
import { sealResult } from "./race-proof.server";
import { computeStandings, withPrizes } from "./race-standings.server";
import { toRaceView } from "./race-store.server";
import { holdFlaggedPayouts } from "~/services/players/wager-flags.server";

/**
 * Completing a race: its standings frozen as its results (race_results), its status completed and
 * its winners told, by the race job or by an admin.
 */

/**
 * Completes a race: freezes its standings as of its end (or now, if completed early by an admin),
 * marks it completed and tells each winner with a linked provider account. One transaction guarded
 * by the status, so a crash or a second process never loses or duplicates a completion. `by` is
 * the admin completing it by hand, null for the job. Null when the race does not exist or is
 * completed already.
 */
export async function completeRace(
  id: number,
  now: Date = new Date(),
  by: number | null = null,
): Promise<Completion | null> {
  return db.transaction().execute((trx) => completeRaceIn(trx, id, now, by));
}

/** completeRace inside the caller's transaction (an admin's save that also completes the race). */
export async function completeRaceIn(
  trx: Transaction<Database>,
  id: number,
  now: Date,
  by: number | null,
): Promise<Completion | null> {
  const updated = await trx
    .updateTable("races")
    .set({
      status: "completed",
      completed_at: now.toISOString(),
      updated_at: now.toISOString(),
      updated_by: by,
    })
    .where("id", "=", id)
    .where("status", "!=", "completed")
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return null;
  const race = toRaceView(
    await trx.selectFrom("races").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
  );
  return { race, ...(await freezeResults(trx, race, now)) };
}

/**
 * Stores a completed race's top 10 as of `now` (capped at its end) and seals it (its hash, see
 * race-proof.server.ts), tells the winners, queues the "race ended" e-mail for everyone else who
 * wants race updates and the community channels' post of the result; returns the winners, their
 * notifications and the hash, to announce after the commit.
 */
export async function freezeResults(
  trx: Transaction<Database>,
  race: RaceView,
  now: Date,
): Promise<Omit<Completion, "race">> {
  const standings = await computeStandings(race, now, trx);
  const winners = withPrizes(race, standings);
  await trx.deleteFrom("race_results").where("race_id", "=", race.id).execute();
  if (winners.length > 0) {
    await trx
      .insertInto("race_results")
      .values(
        winners.map((w) => ({
          race_id: race.id,
          position: w.position,
          uid: w.uid,
          name: w.name,
          wager: w.wager,
          prize_cents: w.prizeCents,
        })),
      )
      .execute();
  }
  // A player with a confirmed wager flag has their payout held from the start.
  await holdFlaggedPayouts(trx, race.id);
  const resultHash = await sealResult(trx, race);
  const notifications = await notifyWinners(trx, race, winners, now);
  await enqueueRaceEndedEmails(trx, race, standings, now);
  const raceUrl = `${siteOrigin()}/wager-races/${race.id}`;
  await enqueueChannelPosts(
    trx,
    "race_completed",
    // Sealed just above: its proof page verifies it from now on.
    raceCompletedPost(race, withPublicNames(await loadPolicy(trx), winners), {
      race: raceUrl,
      proof: `${raceUrl}/proof`,
    }),
    `race_completed:${race.id}`,
    now,
  );
  return { winners, notifications, resultHash };
}

async function notifyWinners(
  trx: Transaction<Database>,
  race: RaceView,
  winners: Participant[],
  now: Date,
): Promise<NotificationView[]> {
  if (winners.length === 0) return [];
  // A user is linked to a player by the provider's uid (goated_id), never by a name.
  const users = await trx
    .selectFrom("users")
    .select(["id", "goated_id"])
    .where(
      "goated_id",
      "in",
      winners.map((w) => w.uid),
    )
    .execute();
  const notifications: NewNotification[] = winners.flatMap((winner) => {
    const prize = (winner.prizeCents / 100).toFixed(2);
    return users
      .filter((user) => user.goated_id === winner.uid)
      .map((user) => ({
        userId: user.id,
        kind: "race_prize" as const,
        title: `You placed #${winner.position} in ${race.title}`,
        message: `Your prize of $${prize} is paid within 24 hours of the race's completion.`,
        raceId: race.id,
      }));
  });
  return addNotifications(trx, notifications, now);
}
