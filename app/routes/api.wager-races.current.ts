import { apiError } from "~/lib/json-api.server";
import { findCurrentRace, raceParticipants } from "~/services/races.server";

/** Spec §3 "Current race": the race running now with its top 10. */
export async function loader() {
  const now = new Date();
  const race = await findCurrentRace(now);
  if (!race) {
    return apiError(404, "No race is running right now");
  }
  const participants = await raceParticipants(race, now);
  return Response.json(
    {
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
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
