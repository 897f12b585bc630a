import type { LoaderFunctionArgs } from "@remix-run/node";
import { preferencesSchema } from "~/domain/account-forms";
import {
  apiError,
  apiRoute,
  fieldErrorsOf,
  jsonResponse,
  readJsonObject,
} from "~/http/json-api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { getPreferences, savePreferences } from "~/services/notifications/preferences.server";

async function readPreferences({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return jsonResponse({ preferences: await getPreferences(user.userId) });
}

async function writePreferences({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const parsed = preferencesSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) {
    return apiError(400, "Failed to update preferences", fieldErrorsOf(parsed.error));
  }
  await savePreferences(user.userId, parsed.data);
  return jsonResponse({
    status: "success",
    preferences: parsed.data,
    message: "Your notification preferences have been saved successfully.",
  });
}

const route = apiRoute({ GET: readPreferences, POST: writePreferences });
export const loader = route.loader;
export const action = route.action;
