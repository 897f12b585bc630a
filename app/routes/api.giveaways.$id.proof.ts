import type { LoaderFunctionArgs } from "@remix-run/node";
import { GIVEAWAY_NOT_FOUND } from "~/domain/giveaways";
import { apiError, apiRoute } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { findGiveawayProof } from "~/services/promotions/giveaways.server";

/**
 * GET: what anyone needs to replay a giveaway's draw (docs/decisions/0079), public: the seed's
 * hash from creation; the server seed, client seed, closed entrant list and winners once drawn.
 */
async function proof({ params }: LoaderFunctionArgs) {
  const id = parsePositiveId(params.id);
  const found = id ? await findGiveawayProof(id) : null;
  if (!found) return apiError(404, GIVEAWAY_NOT_FOUND);
  return Response.json(
    {
      seedHash: found.giveaway.seedHash,
      serverSeed: found.serverSeed,
      clientSeed: found.giveaway.clientSeed,
      entrants: found.entrants,
      winners: found.winners,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const route = apiRoute({ GET: proof });
export const loader = route.loader;
export const action = route.action;
