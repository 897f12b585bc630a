import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { methodNotAllowed, readJsonObject } from "~/lib/json-api.server";
import { requireApiAdmin } from "~/services/auth.server";
import { setRaceStatus } from "~/services/race-admin.server";
import { monthClash, raceJson, raceNotFound, validationFailure } from "~/services/race-api.server";
import { raceStatusSchema } from "~/services/race-input.server";

const statusBody = z.object({ status: raceStatusSchema });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed(["PUT"]);
}

/** PUT {status}: completing freezes the results like the job; reopening drops them. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return raceNotFound();
  const parsed = statusBody.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const saved = await setRaceStatus(id, parsed.data.status, admin.userId);
  if (!saved) return raceNotFound();
  if ("clash" in saved) return monthClash(saved.clash);
  const { race } = saved;
  return Response.json({
    status: "success",
    message: "Race status has been updated successfully.",
    race: raceJson(race),
  });
}
