import type { Completion } from "~/domain/race";
import { eventBus } from "~/server/domain-event-bus.server";
import { announceNotifications } from "~/services/notifications/notifications.server";
import { participantJson } from "~/domain/api-json";
import { publicNames } from "~/services/players/player-names.server";
import { nextRaceStart } from "./race-store.server";

/**
 * Announcing a completed race, made by the race job or by an admin's write, once its transaction
 * has committed.
 */

/**
 * Tells every /ws/leaderboard client that a race completed, with its winners, and the winners'
 * open pages of their prize notifications.
 */
export async function announceCompletion(completion: Completion, now: Date = new Date()) {
  await announceNotifications(completion.notifications);
  await eventBus.publish("race.completed", {
    raceId: completion.race.id,
    // A public message: names as the public sees them (docs/decisions/0081).
    winners: (await publicNames(completion.winners)).map(participantJson),
    resultHash: completion.resultHash,
    previousRaceEnd: completion.race.endDate,
    nextRaceStart: await nextRaceStart(now),
    at: now.toISOString(),
  });
}
