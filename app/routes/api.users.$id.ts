import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PublicProfileJson } from "~/domain/api-contract";
import { textOrEmpty } from "~/domain/api-contract";
import { roundToCents } from "~/domain/money";
import { apiError, apiRoute, jsonResponse } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiUser } from "~/services/auth/auth.server";
import { getMemberProfile } from "~/services/players/member-profile.server";

async function publicProfile({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const userId = parsePositiveId(params.id);
  const profile = userId === null ? null : await getMemberProfile(userId);
  if (!profile) return apiError(404, "User not found");
  // Whether the typed name is verified is the page's label, not part of the API's profile.
  const { telegramVerified, ...shown } = profile;
  const answer: PublicProfileJson = {
    ...shown,
    telegramUsername: textOrEmpty(profile.telegramUsername),
    bio: textOrEmpty(profile.bio),
    goatedUsername: textOrEmpty(profile.goatedUsername),
    totalWagered: roundToCents(profile.totalWagered),
  };
  return jsonResponse(answer);
}

const route = apiRoute({ GET: publicProfile });
export const loader = route.loader;
export const action = route.action;
