import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { GOATED_USERNAME_REQUIRED, LINK_REQUESTED } from "~/domain/goated-link";
import { apiError, apiRoute, jsonResponse, readJsonObject } from "~/http/json-api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { requestGoatedLink } from "~/services/players/goated-links.server";

const linkBody = z.object({ username: z.string({ error: GOATED_USERNAME_REQUIRED }) });

/** `POST /api/user/link-goated {username}`: 201 with the pending request. */
async function requestLink({ request }: LoaderFunctionArgs): Promise<Response> {
  const user = await requireApiUser(request);
  const parsed = linkBody.safeParse(await readJsonObject(request));
  if (!parsed.success) {
    return apiError(400, GOATED_USERNAME_REQUIRED, { username: [GOATED_USERNAME_REQUIRED] });
  }
  const result = await requestGoatedLink(user.userId, parsed.data.username);
  if (!result.ok) {
    return apiError(result.status, result.message, { username: [result.message] });
  }
  return jsonResponse(
    { status: "success", message: LINK_REQUESTED, request: result.value },
    { status: 201 },
  );
}

/** Asks to link the signed-in user's Goated account (decision 0031); an admin decides. */
const route = apiRoute({ POST: requestLink });
export const loader = route.loader;
export const action = route.action;
