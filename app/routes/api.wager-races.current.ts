import { apiError, apiRoute } from "~/http/json-api.server";
import { publicRaceJson } from "~/domain/api-json";
import { raceParticipants } from "~/services/races/race-standings.server";
import { currentRaceForApi } from "~/services/races/race-views.server";

/**
 * docs/product.md §P3 "Current race": the race running now with its top 10, or a monthly race
 * completed early, until the next race starts.
 */
async function current() {
  const now = new Date();
  const race = await currentRaceForApi(now);
  if (!race) return apiError(404, "No race is running right now");
  return Response.json(publicRaceJson(race, await raceParticipants(race, now)), {
    headers: { "Cache-Control": "no-store" },
  });
}

const route = apiRoute({ GET: current });
export const loader = route.loader;
export const action = route.action;
