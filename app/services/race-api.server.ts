import type { z } from "zod";
import { apiError, fieldErrorsOf } from "~/lib/json-api.server";
import { monthlyRaceClashMessage } from "./race-input.server";
import type { Participant, RaceView } from "./races.server";

/** A race as the admin API writes it: money in dollars, the distribution by position. */
export function raceJson(race: RaceView) {
  return {
    id: race.id,
    title: race.title,
    type: race.type,
    status: race.status,
    prizePool: race.prizePoolCents / 100,
    minWager: race.minWager,
    startDate: race.startDate,
    endDate: race.endDate,
    prizeDistribution: race.distribution,
    rules: race.rules,
    description: race.description,
    isAutomatic: race.isAutomatic,
    completedAt: race.completedAt,
  };
}

/** 400 with the first problem as the message and every field's messages. */
export function validationFailure(error: z.ZodError) {
  const errors = fieldErrorsOf(error);
  return apiError(400, Object.values(errors)[0]?.[0] ?? "Invalid input", errors);
}

export const raceNotFound = () => apiError(404, "Race not found");

/** 409: the UTC month already has a monthly race that is not completed. */
export function monthClash(clash: RaceView) {
  const message = monthlyRaceClashMessage(clash);
  return apiError(409, message, { startDate: [message] });
}

/** A race as the public race API writes it (spec §3 "Current race"), prizes in dollars. */
export function publicRaceJson(race: RaceView, participants: Participant[]) {
  return {
    id: race.id,
    title: race.title,
    type: race.type,
    status: race.status,
    startDate: race.startDate,
    endDate: race.endDate,
    prizePool: race.prizePoolCents / 100,
    participants: participants.map((p) => ({
      position: p.position,
      uid: p.uid,
      name: p.name,
      wager: p.wager,
      prize: p.prizeCents / 100,
    })),
  };
}
