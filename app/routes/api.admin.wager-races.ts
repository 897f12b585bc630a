import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, readJsonObject, validationFailure } from "~/http/json-api.server";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { createRace, listRaces, updateRace } from "~/services/races/race-admin.server";
import { raceJson } from "~/domain/api-json";
import { monthClash, payoutsOnRecord, raceNotFound, resultSealed } from "./api.wager-races.server";
import { raceApiSchema, raceInputFromApi, raceUpdateApiSchema } from "~/domain/race-form";

/** GET: every race. */
async function listAll({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json((await listRaces()).map(raceJson), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** POST: creates a race. */
async function create({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = raceApiSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const saved = await createRace(raceInputFromApi(parsed.data), admin);
  if ("clash" in saved) return monthClash(saved.clash);
  return Response.json(
    { status: "success", message: "Race has been created.", race: raceJson(saved.race) },
    { status: 201 },
  );
}

/** PUT: updates the race named by `id` in the body. */
async function update({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = raceUpdateApiSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const saved = await updateRace(parsed.data.id, raceInputFromApi(parsed.data), admin);
  if (!saved) return raceNotFound();
  if ("clash" in saved) return monthClash(saved.clash);
  if ("payoutsOnRecord" in saved) return payoutsOnRecord();
  if ("resultSealed" in saved) return resultSealed();
  return Response.json({
    status: "success",
    message: "Race has been updated.",
    race: raceJson(saved.race),
  });
}

const route = apiRoute({ GET: listAll, POST: create, PUT: update });
export const loader = route.loader;
export const action = route.action;
