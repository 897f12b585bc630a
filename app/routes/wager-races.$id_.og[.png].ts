import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { raceShareCard } from "~/domain/share-cards";
import { parsePositiveId } from "~/lib/params";
import { shareCardResponse } from "~/server/share-card-image.server";
import { raceBoard } from "~/services/races/race-views.server";

/**
 * GET /wager-races/:id/og.png: the race's Open Graph card (PNG, 1200x630), public like the race's
 * page: its final top 3 with prizes and 'Paid' marks, its standings so far, or its prizes before it
 * starts (docs/decisions/0074).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parsePositiveId(params.id);
  invariantResponse(id !== null, "A race id is a positive whole number", { status: 400 });
  const board = await raceBoard(id);
  invariantResponse(board, "No such race", { status: 404 });
  return shareCardResponse(request, raceShareCard(board));
}
