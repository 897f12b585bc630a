import type { LoaderFunctionArgs } from "@remix-run/node";
import { passwordChangeApiSchema } from "~/domain/account-forms";
import {
  apiError,
  apiRoute,
  fieldErrorsOf,
  jsonResponse,
  readJsonObject,
} from "~/http/json-api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { changePassword, PASSWORD_CHANGED } from "~/services/auth/password-change.server";

/** `POST /api/user/password` `{currentPassword, newPassword}`: the other sessions end. */
async function changeOwnPassword({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const parsed = passwordChangeApiSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) {
    return apiError(400, "Failed to change password", fieldErrorsOf(parsed.error));
  }
  const changed = await changePassword(user, parsed.data, context.clientIp);
  if (!changed.ok) {
    const retryAfter = changed.retryAfterSeconds;
    const headers = retryAfter === undefined ? undefined : { "Retry-After": String(retryAfter) };
    return apiError(changed.status, "Failed to change password", changed.errors, headers);
  }
  return jsonResponse({ status: "success", message: PASSWORD_CHANGED });
}

const route = apiRoute({ POST: changeOwnPassword });
export const loader = route.loader;
export const action = route.action;
