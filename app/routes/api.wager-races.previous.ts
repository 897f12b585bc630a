import type { PreviousRaceJson } from "~/domain/api-contract";
import { roundToCents } from "~/domain/money";
import { apiError, apiRoute } from "~/http/json-api.server";
import { publicRaceJson } from "~/domain/api-json";
import { raceParticipants } from "~/services/races/race-standings.server";
import { findPreviousRace } from "~/services/races/race-store.server";
import { playerTotals, transitionEnds } from "~/services/races/race-views.server";

/**
 * docs/product.md §P3 "Previous race": the last completed race with its frozen top 10, when its completed view
 * ends, and each participant's all-time total and last update; under `data` the same
 * participants as the original client reads them, the race wager as `wagered.this_month`.
 */
async function previous() {
  const race = await findPreviousRace();
  if (!race) return apiError(404, "No race has completed yet");
  const body = publicRaceJson(race, await raceParticipants(race));
  const totals = await playerTotals(body.participants.map((p) => p.uid));
  const participants = body.participants.map((p) => ({
    ...p,
    allTimeWagered: roundToCents(totals.get(p.uid)?.allTime ?? 0),
    lastUpdate: totals.get(p.uid)?.updatedAt ?? race.completedAt ?? race.endDate,
  }));
  const previous: PreviousRaceJson = {
    ...body,
    metadata: { transitionEnds: transitionEnds(race) },
    participants,
    data: { participants: participants.map((p) => ({ ...p, wagered: { this_month: p.wager } })) },
  };
  return Response.json(previous, { headers: { "Cache-Control": "no-store" } });
}

const route = apiRoute({ GET: previous });
export const loader = route.loader;
export const action = route.action;
