import { apiError } from "~/http/json-api.server";
import type { BonusCodeChange } from "~/services/promotions/bonus-codes.server";

/**
 * A refused change, as the bonus code routes answer it (`api.admin.bonus-codes*.ts`): 404 for an
 * unknown id, 409 with the field for a code that exists.
 */
export function bonusCodeRefusal(change: Extract<BonusCodeChange, { ok: false }>): Response {
  return change.status === 409
    ? apiError(409, change.message, { [change.field]: [change.message] })
    : apiError(404, change.message);
}
