import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiRoute, jsonResponse } from "~/http/json-api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { endSession } from "~/services/auth/sessions.server";

/** Only one's own sessions: anyone else's id is answered exactly like an unknown one. */
async function endOwnSession({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!(await endSession(user.userId, params.id ?? ""))) {
    return apiError(404, "Failed to terminate session");
  }
  return jsonResponse({ status: "success", message: "Session terminated successfully" });
}

const route = apiRoute({ POST: endOwnSession });
export const loader = route.loader;
export const action = route.action;
