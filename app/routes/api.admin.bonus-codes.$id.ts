import type { LoaderFunctionArgs } from "@remix-run/node";
import { BONUS_CODE_MESSAGES } from "~/domain/bonus-code-form";
import { BONUS_CODE_TOASTS } from "~/domain/bonus-codes";
import { apiError, apiRoute } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { bonusCodeRefusal } from "./api.admin.bonus-codes.server";
import { deleteBonusCode } from "~/services/promotions/bonus-codes.server";

/** DELETE: removes the code; 404 for an unknown id (never silently ignored, docs/product.md §A8). */
async function remove({ request, params }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const id = parsePositiveId(params.id);
  if (!id) return apiError(404, BONUS_CODE_MESSAGES.notFound);
  const change = await deleteBonusCode(admin, id);
  if (!change.ok) return bonusCodeRefusal(change);
  return Response.json({ status: "success", message: BONUS_CODE_TOASTS.deleted });
}

const route = apiRoute({ DELETE: remove });
export const loader = route.loader;
export const action = route.action;
