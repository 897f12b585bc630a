import type { AdminBonusCodeJson } from "~/domain/api-contract";
import type { BonusCodeView } from "~/domain/bonus-codes";
import { apiError } from "~/lib/json-api.server";
import type { BonusCodeChange } from "./bonus-codes.server";

/** A bonus code as the admin API writes it (docs/product.md §A3 "Bonus code"). */
export function bonusCodeJson(code: BonusCodeView): AdminBonusCodeJson {
  return {
    id: code.id,
    code: code.code,
    description: code.description,
    value: code.value,
    expiresAt: code.expiresAt,
    expired: code.expired,
    createdAt: code.createdAt,
  };
}

/** A refused change: 404 for an unknown id, 409 with the field for a code that exists. */
export function bonusCodeRefusal(change: Extract<BonusCodeChange, { ok: false }>): Response {
  return change.status === 409
    ? apiError(409, change.message, { [change.field]: [change.message] })
    : apiError(404, change.message);
}
