import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiRoute } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { raceNotFound } from "./api.wager-races.server";
import { findResultProof } from "~/services/races/race-proof.server";
import { findRace } from "~/services/races/race-store.server";

/**
 * GET: a completed race's result and its hash, public like the result (docs/decisions/0063);
 * `namesMasked`: the text shows masked names, so only the server could hash the sealed one (0081).
 */
async function proof({ params }: LoaderFunctionArgs) {
  const id = parsePositiveId(params.id);
  const found = id ? await findResultProof(id) : null;
  if (!found) {
    const race = id ? await findRace(id) : null;
    return race
      ? apiError(404, "The race has not completed: its result is not sealed yet")
      : raceNotFound();
  }
  return Response.json(
    { canonical: found.canonical, resultHash: found.resultHash, namesMasked: found.namesMasked },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const route = apiRoute({ GET: proof });
export const loader = route.loader;
export const action = route.action;
