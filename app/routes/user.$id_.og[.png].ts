import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { playerShareCard } from "~/domain/share-cards";
import { parsePositiveId } from "~/lib/params";
import { shareCardResponse } from "~/server/share-card-image.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { getMemberProfile } from "~/services/players/member-profile.server";

/**
 * GET /user/:id/og.png: a member's Open Graph card (PNG, 1200x630): their rank and latest race
 * result. For signed-in members only, like the page that names it (docs/decisions/0074).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const id = parsePositiveId(params.id);
  invariantResponse(id !== null, "A member id is a positive whole number", { status: 400 });
  const profile = await getMemberProfile(id);
  invariantResponse(profile, "No such member", { status: 404 });
  return shareCardResponse(request, playerShareCard(profile));
}
