import { monthlyRaceClashMessage } from "~/domain/race-form";
import { RESULT_SEALED } from "~/domain/race";
import type { RaceView } from "~/domain/race";
import { PAYOUTS_ON_RECORD } from "~/domain/race-payouts";
import { apiError } from "~/http/json-api.server";

/** The refusals the race routes share (`api.wager-races.*.ts`, `api.admin.wager-races.*.ts`). */

export const raceNotFound = () => apiError(404, "Race not found");

/** 409: reopening the race would drop payouts on record (PAYOUTS_ON_RECORD). */
export const payoutsOnRecord = () =>
  apiError(409, PAYOUTS_ON_RECORD, { status: [PAYOUTS_ON_RECORD] });

/** 409: the edit would change a completed race's sealed result (RESULT_SEALED). */
export const resultSealed = () => apiError(409, RESULT_SEALED, { status: [RESULT_SEALED] });

/** 409: the UTC month already has a monthly race that is not completed. */
export function monthClash(clash: RaceView) {
  const message = monthlyRaceClashMessage(clash);
  return apiError(409, message, { startDate: [message] });
}
