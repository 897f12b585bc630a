import type { SubmissionResult } from "@conform-to/react";
import { ADMIN_WELCOME, adminLoginSchema } from "~/domain/admin-login";
import type { AdminLoginForm } from "~/domain/admin-login";
import { requestWithForm } from "~/lib/form-body.server";
import { apiError, fieldErrorsOf, jsonResponse, readJsonObject } from "~/lib/json-api.server";
import { accountJson, signInRefusal } from "./account-api.server";
import { AuthFailure, authenticate, CHECK_THE_FORM, clientOf } from "./authentication.server";
import type { AuthClient } from "./authentication.server";
import { sessionCookieHeader } from "./sessions.server";
import { getAccount } from "./users.server";

/** The login form names the identifier `username`; the admin login calls it `identifier`. */
function asAdminReply(reply: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (!reply.error) return reply;
  const error = Object.fromEntries(
    Object.entries(reply.error).map(([field, messages]) => [
      field === "username" ? "identifier" : field,
      messages,
    ]),
  );
  return { ...reply, error };
}

/**
 * The admin login (page and JSON API): the site's one sign-in (Authenticator, throttling,
 * sessions) with `adminOnly`, so a non-admin is refused and gets no session. Throws AuthFailure.
 */
export async function adminSignIn(
  fields: AdminLoginForm,
  request: Request,
  client: AuthClient,
  code?: string,
): Promise<{ userId: number; token: string }> {
  const form = new FormData();
  form.set("username", fields.identifier);
  form.set("password", fields.password);
  try {
    return await authenticate("login", requestWithForm(request, form), client, {
      adminOnly: true,
      code,
    });
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    throw new AuthFailure(
      error.status,
      asAdminReply(error.reply),
      error.message,
      error.retryAfterSeconds,
    );
  }
}

/**
 * `POST /api/admin/login {identifier, password, code?}` -> `{status, token, user, message}`; with
 * two-step sign-in on and no `code`, 401 `{status: 'totp_required'}`.
 */
export async function jsonAdminLogin(request: Request, context: { clientIp: string }) {
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
