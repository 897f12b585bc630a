import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readJsonObject } from "~/lib/json-api.server";
import { requireApiAdmin } from "~/services/auth.server";
import { createRace, listRaces, updateRace } from "~/services/race-admin.server";
import { monthClash, raceJson, raceNotFound, validationFailure } from "~/services/race-api.server";
import { raceApiSchema, raceInputFromApi, raceUpdateApiSchema } from "~/services/race-input.server";

/** GET: every race. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json((await listRaces()).map(raceJson), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** POST creates a race; PUT updates the race named by `id` in the body. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  if (request.method === "POST") {
    const parsed = raceApiSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) return validationFailure(parsed.error);
    const saved = await createRace(raceInputFromApi(parsed.data), admin.userId);
    if ("clash" in saved) return monthClash(saved.clash);
    const { race } = saved;
    return Response.json(
      { status: "success", message: "Race has been created.", race: raceJson(race) },
      { status: 201 },
    );
  }
  if (request.method === "PUT") {
    const parsed = raceUpdateApiSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) return validationFailure(parsed.error);
    const saved = await updateRace(parsed.data.id, raceInputFromApi(parsed.data), admin.userId);
    if (!saved) return raceNotFound();
    if ("clash" in saved) return monthClash(saved.clash);
    const { race } = saved;
    return Response.json({
      status: "success",
      message: "Race has been updated.",
      race: raceJson(race),
    });
  }
  return methodNotAllowed(["GET", "POST", "PUT"]);
}
