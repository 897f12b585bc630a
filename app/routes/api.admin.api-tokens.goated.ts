import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  NO_TOKEN,
  savedTokenSchema,
  settingsFromInput,
  TOKEN_READ_FAILED,
} from "~/domain/provider-token";
import { AFFILIATE_UID_MISSING, SETTINGS_REMOVED, TOKEN_SAVED } from "~/domain/provider-token-form";
import { apiError, apiRoute, fieldErrorsOf, readJsonObject } from "~/http/json-api.server";
import { readProviderConfig } from "~/server/provider-config.server";
import { requireApiAdmin } from "~/services/auth/auth.server";
import {
  providerOverview,
  removeProviderSettings,
  saveProviderToken,
} from "~/services/admin/provider-tokens.server";

/**
 * GET: the saved settings' metadata (docs/product.md §A3 "API token metadata"), never the token,
 * with the last sync with them and the source in force.
 */
async function show({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const { read, source } = await providerOverview();
  if (!read.ok) return apiError(500, TOKEN_READ_FAILED);
  return Response.json({ ...read.metadata, source }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * POST {token?, affiliateUid?}: saves them (the sync uses them from its next run); 400 with the
 * form's messages. With `"intent": "test"`, one fetch with them instead, saving nothing: 200
 * `{ok: true, players}` or `{ok: false, httpStatus, message}` (the provider's refusal).
 */
async function save({ request, context }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const input = await readJsonObject(request);
  const parsed = savedTokenSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    const first = errors.token?.[0] ?? errors.affiliateUid?.[0] ?? "Invalid request";
    return apiError(400, first, errors);
  }
  const typed = settingsFromInput(parsed.data, readProviderConfig().GOATED_AFFILIATE_UID);
  if (!typed) {
    return apiError(400, AFFILIATE_UID_MISSING, { affiliateUid: [AFFILIATE_UID_MISSING] });
  }
  if (input.intent === "test") {
    const test = context.testProviderConnection;
    if (!test) throw new Error("The server did not hand the API its connection test");
    const token = typed.settings.token?.token ?? null;
    return Response.json(await test({ token, affiliateUid: typed.affiliateUid }));
  }
  const metadata = await saveProviderToken(admin, typed.settings);
  return Response.json({ status: "success", message: TOKEN_SAVED, ...metadata });
}

/** DELETE: 'Use demo data': removes the saved token and code (audited). */
async function remove({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  await removeProviderSettings(admin);
  return Response.json({ status: "success", message: SETTINGS_REMOVED, ...NO_TOKEN });
}

const route = apiRoute({ GET: show, POST: save, DELETE: remove });
export const loader = route.loader;
export const action = route.action;
