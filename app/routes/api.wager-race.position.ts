import { apiError, apiRoute } from "~/http/json-api.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parsePositiveId } from "~/lib/params";
import { racePositionJson } from "~/domain/api-json";
import { findRacePosition } from "~/services/races/race-standings.server";

/**
 * docs/product.md §P3 "Race position": where a player stands in the current race. `userId` names one of our
 * users (their linked provider account is used); `username` the provider name.
 */
async function position({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const userIdText = params.get("userId")?.trim() ?? "";
  const username = params.get("username")?.trim() ?? "";
  if (!userIdText && !username) {
    return apiError(400, "userId or username is required");
  }
  const userId = userIdText ? parsePositiveId(userIdText) : undefined;
  if (userId === null) {
    return apiError(400, "userId must be a positive whole number");
  }
  const position = await findRacePosition({ userId, username: username || undefined });
  if (!position) {
    return apiError(404, "User not found in current race");
  }
  return Response.json(racePositionJson(position), { headers: { "Cache-Control": "no-store" } });
}

const route = apiRoute({ GET: position });
export const loader = route.loader;
export const action = route.action;
