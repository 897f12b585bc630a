import type { LoaderFunctionArgs } from "@remix-run/node";
import { payoutJson } from "~/domain/race-payouts";
import { apiRoute } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { raceNotFound } from "./api.wager-races.server";
import { listPayouts } from "~/services/races/race-payouts.server";
import { findRace } from "~/services/races/race-store.server";

/** GET: a race's payout ledger, public (issue 32); empty until the race completes. */
async function payouts({ params }: LoaderFunctionArgs) {
  const id = parsePositiveId(params.id);
  const race = id ? await findRace(id) : null;
  if (!race) return raceNotFound();
  return Response.json((await listPayouts(race.id)).map(payoutJson), {
    headers: { "Cache-Control": "no-store" },
  });
}

const route = apiRoute({ GET: payouts });
export const loader = route.loader;
export const action = route.action;
