import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_WELCOME, adminLoginSchema } from "~/domain/admin-login";
import { accountJson } from "~/domain/api-json";
import {
  apiError,
  apiRoute,
  fieldErrorsOf,
  jsonResponse,
  readJsonObject,
} from "~/http/json-api.server";
import { CHECK_THE_FORM, clientOf } from "~/services/auth/authentication.server";
import { sessionCookieHeader } from "~/services/auth/sessions.server";
import { getAccount } from "~/services/auth/users.server";
import { adminSignIn } from "./admin.login.server";
import { signInRefusal } from "./api.auth.server";

/**
 * `POST /api/admin/login {identifier, password, code?}` -> `{status, token, user, message}`; with
 * two-step sign-in on and no `code`, 401 `{status: 'totp_required'}`.
 */
async function jsonAdminLogin({ request, context }: LoaderFunctionArgs) {
  const body = await readJsonObject(request);
  const parsed = adminLoginSchema.safeParse(body);
  if (!parsed.success) return apiError(400, CHECK_THE_FORM, fieldErrorsOf(parsed.error));
  const code = typeof body.code === "string" ? body.code : undefined;
  try {
    const client = clientOf(request, context);
    const { userId, token } = await adminSignIn(parsed.data, request, client, code);
    const user = await getAccount(userId);
    if (!user) throw new Error(`account ${userId} vanished after the admin login`);
    return jsonResponse(
      { status: "success", token, user: accountJson(user), message: ADMIN_WELCOME },
      { headers: { "Set-Cookie": await sessionCookieHeader(token) } },
    );
  } catch (error) {
    return signInRefusal(error);
  }
}

const route = apiRoute({ POST: jsonAdminLogin });
export const loader = route.loader;
export const action = route.action;
