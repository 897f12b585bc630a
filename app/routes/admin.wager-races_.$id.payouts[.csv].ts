import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { payoutsCsv } from "~/domain/race-payouts";
import { parsePositiveId } from "~/lib/params";
import { requireAdmin } from "~/services/auth/auth.server";
import { listPayouts } from "~/services/races/race-payouts.server";
import { findRace } from "~/services/races/race-store.server";

/** GET: one race's payout ledger as a CSV download, for admins (issue 32). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parsePositiveId(params.id);
  const race = id === null ? null : await findRace(id);
  invariantResponse(race, "Race not found", { status: 404 });
  return new Response(payoutsCsv(await listPayouts(race.id, "real")), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="race-${race.id}-payouts.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
