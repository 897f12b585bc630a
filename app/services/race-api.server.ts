import type {
  AdminRaceJson,
  CurrentRaceJson,
  RaceParticipantJson,
  RacePositionJson,
} from "~/domain/api-contract";
import { textOrEmpty } from "~/domain/api-contract";
import { roundToCents } from "~/domain/money";
import { apiError } from "~/lib/json-api.server";
import { monthlyRaceClashMessage } from "~/domain/race-form";
import { PAYOUTS_ON_RECORD } from "~/domain/race-payouts";
import type { Participant, RacePosition, RaceView } from "~/domain/race";

/** A race as the admin API writes it: money in dollars, the distribution by position. */
export function raceJson(race: RaceView): AdminRaceJson {
  return {
    id: race.id,
    title: race.title,
    type: race.type,
    status: race.status,
    prizePool: race.prizePoolCents / 100,
    minWager: roundToCents(race.minWager),
    startDate: race.startDate,
    endDate: race.endDate,
    prizeDistribution: race.distribution,
    rules: textOrEmpty(race.rules),
    description: textOrEmpty(race.description),
    isAutomatic: race.isAutomatic,
    completedAt: race.completedAt,
  };
}

export const raceNotFound = () => apiError(404, "Race not found");

/**
 * A race participant in the API and the RACE_COMPLETED message: `wager` is the documented name,
 * `wagered` the one existing clients read; both in dollars rounded to cents.
 */
export function participantJson(participant: Participant): RaceParticipantJson {
  const wager = roundToCents(participant.wager);
  return {
    position: participant.position,
    uid: participant.uid,
    name: participant.name,
    wager,
    wagered: wager,
    prize: participant.prizeCents / 100,
  };
}

/** 409: reopening the race would drop payouts on record (PAYOUTS_ON_RECORD). */
export const payoutsOnRecord = () =>
  apiError(409, PAYOUTS_ON_RECORD, { status: [PAYOUTS_ON_RECORD] });

/** 409: the UTC month already has a monthly race that is not completed. */
export function monthClash(clash: RaceView) {
  const message = monthlyRaceClashMessage(clash);
  return apiError(409, message, { startDate: [message] });
}

/** A race as the public race API writes it (docs/product.md §P3 "Current race"), prizes in dollars. */
export function publicRaceJson(race: RaceView, participants: Participant[]): CurrentRaceJson {
  return {
    id: race.id,
    title: race.title,
    type: race.type,
    status: race.status,
    startDate: race.startDate,
    endDate: race.endDate,
    prizePool: race.prizePoolCents / 100,
    participants: participants.map(participantJson),
  };
}

/**
 * docs/product.md §P3 "Race position", the wager in dollars rounded to cents, the gaps (integer
 * cents inside) in dollars.
 */
export function racePositionJson({
  gapToNextCents,
  gapToPaidCents,
  ...position
}: RacePosition): RacePositionJson {
  return {
    ...position,
    wagerAmount: roundToCents(position.wagerAmount),
    gapToNext: centsToDollars(gapToNextCents),
    gapToPaid: centsToDollars(gapToPaidCents),
  };
}

const centsToDollars = (cents: number | null) => (cents === null ? null : cents / 100);
