import type { Completion } from "~/domain/race";
import { eventBus } from "~/realtime/event-bus";
import { serverMessage } from "~/realtime/messages";
import { participantJson } from "./race-api.server";
import { nextRaceStart } from "./race-store.server";

/**
 * Announcing a completed race, made by the race job or by an admin's write, once its transaction
 * has committed.
 */

/** Tells every /ws/leaderboard client that a race completed, with its winners. */
export async function announceCompletion(completion: Completion, now: Date = new Date()) {
  const winners = completion.winners.map(participantJson);
  eventBus.publish(
    "leaderboard.broadcast",
    serverMessage(
      "RACE_COMPLETED",
      {
        data: {
          raceId: completion.race.id,
          winners,
          previousRaceEnd: completion.race.endDate,
          nextRaceStart: await nextRaceStart(now),
        },
      },
      now,
    ),
  );
}
