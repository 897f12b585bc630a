import type { LoaderFunctionArgs } from "@remix-run/node";
import { profileSchema } from "~/domain/account-forms";
import { conflictErrors } from "~/domain/account";
import { accountJson } from "~/domain/api-json";
import {
  apiError,
  apiRoute,
  fieldErrorsOf,
  jsonResponse,
  readJsonObject,
} from "~/http/json-api.server";
import { NOT_AUTHENTICATED_MESSAGE, requireApiUser } from "~/services/auth/auth.server";
import { getAccount, updateProfile } from "~/services/auth/users.server";

// JSON clients send "" or null for "no value"; the forms send nothing.
function withoutEmpty(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== "" && v !== null));
}

async function updateOwnProfile({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const parsed = profileSchema.safeParse(withoutEmpty(await readJsonObject(request)));
  if (!parsed.success) {
    return apiError(400, "Failed to update profile", fieldErrorsOf(parsed.error));
  }
  const updated = await updateProfile(user.userId, parsed.data);
  if (!updated.ok) {
    const { fieldErrors, message } = conflictErrors(updated.conflicts);
    return apiError(409, message, fieldErrors);
  }
  const account = await getAccount(user.userId);
  if (!account) return apiError(401, NOT_AUTHENTICATED_MESSAGE);
  return jsonResponse({
    status: "success",
    user: accountJson(account),
    message: "Your profile has been updated",
  });
}

const route = apiRoute({ POST: updateOwnProfile });
export const loader = route.loader;
export const action = route.action;
