import type { LoaderFunctionArgs } from "@remix-run/node";
import type { AdminWagerFlagJson } from "~/domain/api-contract";
import { isWagerFlagStatus, WAGER_FLAG_STATUSES } from "~/domain/wager-flags";
import { apiError, apiRoute, jsonResponse } from "~/http/json-api.server";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { listWagerFlags } from "~/services/players/wager-flags.server";

/**
 * `GET /api/admin/flags?status=&page=`: the wager anomaly flags (issue 34 item 2), newest first,
 * 25 a page; the paging travels in headers (X-Total-Count, X-Page, X-Total-Pages) as on
 * `/api/admin/users`.
 */
async function adminFlags({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  if (status !== null && !isWagerFlagStatus(status)) {
    return apiError(400, `status must be ${WAGER_FLAG_STATUSES.join(", ")}`);
  }
  const { flags, window, total } = await listWagerFlags(status ?? undefined, params.get("page"));
  const body = flags.map((flag): AdminWagerFlagJson => ({
    ...flag,
    evidence: { ...flag.evidence },
  }));
  return jsonResponse(body, {
    headers: {
      "Cache-Control": "no-store",
      "X-Total-Count": String(total),
      "X-Page": String(window.page),
      "X-Total-Pages": String(window.totalPages),
    },
  });
}

const route = apiRoute({ GET: adminFlags });
export const loader = route.loader;
export const action = route.action;
