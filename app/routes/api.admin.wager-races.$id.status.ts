import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute, readJsonObject, validationFailure } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { setRaceStatus } from "~/services/races/race-admin.server";
import { raceJson } from "~/domain/api-json";
import { monthClash, payoutsOnRecord, raceNotFound } from "./api.wager-races.server";
import { raceStatusSchema } from "~/domain/race-form";

const statusBody = z.object({ status: raceStatusSchema });

/** PUT {status}: completing freezes the results like the job; reopening drops them. */
async function putStatus({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const id = parsePositiveId(params.id);
  if (!id) return raceNotFound();
  const parsed = statusBody.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const saved = await setRaceStatus(id, parsed.data.status, admin);
  if (!saved) return raceNotFound();
  if ("clash" in saved) return monthClash(saved.clash);
  if ("payoutsOnRecord" in saved) return payoutsOnRecord();
  const { race } = saved;
  return Response.json({
    status: "success",
    message: "Race status has been updated successfully.",
    race: raceJson(race),
  });
}

const route = apiRoute({ PUT: putStatus });
export const loader = route.loader;
export const action = route.action;
