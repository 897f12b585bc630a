import type { LoaderFunctionArgs } from "@remix-run/node";
import type { AdminWagerFlagJson } from "~/domain/api-contract";
import { isWagerFlagStatus, WAGER_FLAG_STATUSES } from "~/domain/wager-flags";
import { apiError, apiRoute, jsonResponse } from "~/lib/json-api.server";
import { requireApiAdmin } from "~/services/auth.server";
import { listWagerFlags } from "~/services/wager-flags.server";

/** `GET /api/admin/flags?status=`: the wager anomaly flags (issue 34 item 2), newest first. */
async function adminFlags({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const status = new URL(request.url).searchParams.get("status");
  if (status !== null && !isWagerFlagStatus(status)) {
    return apiError(400, `status must be ${WAGER_FLAG_STATUSES.join(", ")}`);
  }
  const flags = await listWagerFlags(status ?? undefined);
  const body = flags.map((flag): AdminWagerFlagJson => ({
    ...flag,
    evidence: { ...flag.evidence },
  }));
  return jsonResponse(body, { headers: { "Cache-Control": "no-store" } });
}

const route = apiRoute({ GET: adminFlags });
export const loader = route.loader;
export const action = route.action;
