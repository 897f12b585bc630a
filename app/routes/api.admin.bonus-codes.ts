import type { LoaderFunctionArgs } from "@remix-run/node";
import { bonusCodeSchema, bonusCodeUpdateSchema } from "~/domain/bonus-code-form";
import { BONUS_CODE_TOASTS } from "~/domain/bonus-codes";
import { apiRoute, readJsonObject, validationFailure } from "~/http/json-api.server";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { bonusCodeJson } from "~/domain/api-json";
import { bonusCodeRefusal } from "./api.admin.bonus-codes.server";
import {
  createBonusCode,
  listBonusCodes,
  updateBonusCode,
} from "~/services/promotions/bonus-codes.server";

/** GET: every bonus code, usable ones first (docs/product.md §A7). */
async function listAll({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json((await listBonusCodes()).map(bonusCodeJson), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** POST {code, description, value, expiresAt}: adds a code and tells every user of it. */
async function create({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = bonusCodeSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const change = await createBonusCode(admin, parsed.data);
  if (!change.ok) return bonusCodeRefusal(change);
  return Response.json(
    {
      status: "success",
      message: BONUS_CODE_TOASTS.created,
      bonusCode: bonusCodeJson(change.code),
    },
    { status: 201 },
  );
}

/** PUT {id, code, description, value, expiresAt}: changes the code named by `id`. */
async function update({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = bonusCodeUpdateSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const { id, ...input } = parsed.data;
  const change = await updateBonusCode(admin, id, input);
  if (!change.ok) return bonusCodeRefusal(change);
  return Response.json({
    status: "success",
    message: BONUS_CODE_TOASTS.updated,
    bonusCode: bonusCodeJson(change.code),
  });
}

const route = apiRoute({ GET: listAll, POST: create, PUT: update });
export const loader = route.loader;
export const action = route.action;
