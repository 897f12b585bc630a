import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  NO_PAYOUT_AT_PLACE,
  NO_SUCH_PLACE,
  PAYOUT_CHANGED_MEANWHILE,
  payoutJson,
} from "~/domain/race-payouts";
import { payoutChangeSchema } from "~/domain/race-payout-change";
import { PAID_POSITIONS } from "~/domain/race-prizes";
import { apiError, apiRoute, readJsonObject, validationFailure } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { announceNotifications } from "~/services/notifications/notifications.server";
import { raceNotFound } from "./api.wager-races.server";
import { markPayout } from "~/services/races/race-payouts.server";

/** POST {status, method, reference, reason}: marks one payout of a completed race (audited). */
async function mark({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const id = parsePositiveId(params.id);
  if (!id) return raceNotFound();
  const place = parsePositiveId(params.place);
  if (!place || place > PAID_POSITIONS) return apiError(404, NO_SUCH_PLACE);
  const parsed = payoutChangeSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const marked = await markPayout(id, place, parsed.data, admin);
  if ("changedMeanwhile" in marked) return apiError(409, PAYOUT_CHANGED_MEANWHILE);
  if ("missing" in marked) {
    return marked.missing === "race" ? raceNotFound() : apiError(404, NO_PAYOUT_AT_PLACE);
  }
  await announceNotifications(marked.notifications);
  return Response.json({
    status: "success",
    message: "Payout updated.",
    payout: payoutJson(marked.payout),
  });
}

const route = apiRoute({ POST: mark });
export const loader = route.loader;
export const action = route.action;
