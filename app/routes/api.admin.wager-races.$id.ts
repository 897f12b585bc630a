import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/lib/json-api.server";
import { requireApiAdmin } from "~/services/auth.server";
import { deleteRace } from "~/services/race-admin.server";
import { raceJson, raceNotFound } from "~/services/race-api.server";
import { findRace } from "~/services/race-store.server";

function raceId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** GET: one race. */
async function getRace({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const id = raceId(params.id);
  const race = id ? await findRace(id) : null;
  return race ? Response.json(raceJson(race)) : raceNotFound();
}

/** DELETE: removes the race and its results. */
async function removeRace({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const id = raceId(params.id);
  if (!id || !(await deleteRace(id))) return raceNotFound();
  return Response.json({ status: "success", message: "Race has been deleted." });
}

const route = apiRoute({ GET: getRace, DELETE: removeRace });
export const loader = route.loader;
export const action = route.action;
