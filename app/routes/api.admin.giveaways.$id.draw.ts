import type { LoaderFunctionArgs } from "@remix-run/node";
import { DRAW_REFUSALS } from "~/domain/giveaways";
import { apiError, apiRoute } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { drawGiveaway } from "~/services/promotions/giveaways.server";

/** POST: draws a giveaway whose entries have closed, once; the answer reveals the server seed. */
async function draw({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const id = parsePositiveId(params.id);
  const outcome = id ? await drawGiveaway(id, admin) : { refused: "notFound" as const };
  if ("refused" in outcome) {
    const { status, message } = DRAW_REFUSALS[outcome.refused];
    return apiError(status, message);
  }
  return Response.json(outcome.drawn, { headers: { "Cache-Control": "no-store" } });
}

const route = apiRoute({ POST: draw });
export const loader = route.loader;
export const action = route.action;
