import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { deleteRace } from "~/services/races/race-admin.server";
import { raceJson } from "~/domain/api-json";
import { raceNotFound } from "./api.wager-races.server";
import { findRace } from "~/services/races/race-store.server";

/** GET: one race. */
async function getRace({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const id = parsePositiveId(params.id);
  const race = id ? await findRace(id) : null;
  return race ? Response.json(raceJson(race)) : raceNotFound();
}

/** DELETE: removes the race and its results. */
async function removeRace({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const id = parsePositiveId(params.id);
  if (!id || !(await deleteRace(id, admin))) return raceNotFound();
  return Response.json({ status: "success", message: "Race has been deleted." });
}

const route = apiRoute({ GET: getRace, DELETE: removeRace });
export const loader = route.loader;
export const action = route.action;
