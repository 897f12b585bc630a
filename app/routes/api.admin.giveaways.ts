import type { LoaderFunctionArgs } from "@remix-run/node";
import { CLOSE_IN_PAST_MESSAGE, closingInFuture, giveawayInputSchema } from "~/domain/giveaways";
import { apiError, apiRoute, readJsonObject, validationFailure } from "~/http/json-api.server";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { createGiveaway } from "~/services/promotions/giveaways.server";

/** POST: creates a giveaway; its answer publishes the seed's SHA-256, never the seed. */
async function create({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = giveawayInputSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const now = new Date();
  if (!closingInFuture(parsed.data, now)) {
    return apiError(400, CLOSE_IN_PAST_MESSAGE, { entriesCloseAt: [CLOSE_IN_PAST_MESSAGE] });
  }
  const giveaway = await createGiveaway(parsed.data, admin, now);
  return Response.json(
    { status: "success", message: "Giveaway has been created.", giveaway },
    { status: 201 },
  );
}

const route = apiRoute({ POST: create });
export const loader = route.loader;
export const action = route.action;
