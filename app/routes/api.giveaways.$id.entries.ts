import type { LoaderFunctionArgs } from "@remix-run/node";
import { ENTRY_REFUSALS } from "~/domain/giveaways";
import { apiError, apiRoute } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiUser } from "~/services/auth/auth.server";
import { enterGiveaway } from "~/services/promotions/giveaways.server";

/** POST: enters the signed-in member into an open giveaway, once. */
async function enter({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = parsePositiveId(params.id);
  const outcome = id ? await enterGiveaway(id, user.userId) : { refused: "notFound" as const };
  if ("refused" in outcome) {
    const { status, message } = ENTRY_REFUSALS[outcome.refused];
    return apiError(status, message);
  }
  return Response.json(
    {
      status: "success",
      message: "You are in the draw.",
      entry: { giveawayId: id, userId: user.userId },
    },
    { status: 201 },
  );
}

const route = apiRoute({ POST: enter });
export const loader = route.loader;
export const action = route.action;
