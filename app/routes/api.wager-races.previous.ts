import { apiError } from "~/lib/json-api.server";
import {
  findPreviousRace,
  playerTotals,
  raceParticipants,
  transitionEnds,
} from "~/services/races.server";

/** Spec §3 "Previous race": the last completed race with its frozen top 10. */
export async function loader() {
  const race = await findPreviousRace();
  if (!race) {
    return apiError(404, "No race has completed yet");
  }
  const participants = await raceParticipants(race);
  const totals = await playerTotals(participants.map((p) => p.uid));
  return Response.json(
    {
      id: race.id,
      title: race.title,
      type: race.type,
      status: race.status,
      startDate: race.startDate,
      endDate: race.endDate,
      prizePool: race.prizePoolCents / 100,
      metadata: { transitionEnds: transitionEnds(race) },
      participants: participants.map((p) => ({
        position: p.position,
        uid: p.uid,
        name: p.name,
        wager: p.wager,
        prize: p.prizeCents / 100,
        allTimeWagered: totals.get(p.uid)?.allTime ?? 0,
        lastUpdate: totals.get(p.uid)?.updatedAt ?? race.completedAt ?? race.endDate,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
