import { z } from "zod";
import {
  GOATED_USERNAME_REQUIRED,
  LINK_DECIDED,
  LINK_REQUESTED,
  LINK_REQUEST_NOT_FOUND,
} from "~/domain/goated-link";
import type { LinkDecision } from "~/domain/goated-link";
import { apiError, jsonResponse, readJsonObject } from "~/lib/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiAdmin, requireApiUser } from "./auth.server";
import { decideLinkRequest, requestGoatedLink } from "./goated-links.server";
import type { LinkResult, LinkRequestView } from "./goated-links.server";

const linkBody = z.object({ username: z.string({ error: GOATED_USERNAME_REQUIRED }) });

function answer(result: LinkResult<LinkRequestView>, message: string, status = 200): Response {
  if (!result.ok) {
    return apiError(result.status, result.message, { username: [result.message] });
  }
  return jsonResponse({ status: "success", message, request: result.value }, { status });
}

/** `POST /api/user/link-goated {username}`: 201 with the pending request. */
export async function jsonRequestGoatedLink(request: Request): Promise<Response> {
  const user = await requireApiUser(request);
  const parsed = linkBody.safeParse(await readJsonObject(request));
  if (!parsed.success) {
    return apiError(400, GOATED_USERNAME_REQUIRED, { username: [GOATED_USERNAME_REQUIRED] });
  }
  return answer(await requestGoatedLink(user.userId, parsed.data.username), LINK_REQUESTED, 201);
}

/** `POST /api/admin/link-requests/{id}/approve|reject`, no body. */
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
