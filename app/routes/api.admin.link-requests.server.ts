import { LINK_DECIDED, LINK_REQUEST_NOT_FOUND } from "~/domain/goated-link";
import type { LinkDecision } from "~/domain/goated-link";
import { apiError, jsonResponse } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { decideLinkRequest } from "~/services/players/goated-links.server";

/** `POST /api/admin/link-requests/{id}/approve|reject`, no body (the two routes beside this). */
export async function jsonDecideLinkRequest(
  request: Request,
  id: string | undefined,
  decision: LinkDecision,
): Promise<Response> {
  const admin = await requireApiAdmin(request);
  const requestId = parsePositiveId(id);
  if (requestId === null) return apiError(404, LINK_REQUEST_NOT_FOUND);
  const result = await decideLinkRequest(admin, requestId, decision);
  if (!result.ok) return apiError(result.status, result.message);
  return jsonResponse({
    status: "success",
    message: LINK_DECIDED[decision],
    request: result.value,
  });
}
