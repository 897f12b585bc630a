import type { SubmissionResult } from "@conform-to/react";
import type { AdminLoginForm } from "~/domain/admin-login";
import { requestWithForm } from "~/http/form-body.server";
import { AuthFailure, authenticate } from "~/services/auth/authentication.server";
import type { AuthClient } from "~/services/auth/authentication.server";

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
 * The admin login (the page and `api.admin.login.ts`): the site's one sign-in (Authenticator,
 * throttling, sessions) with `adminOnly`, so a non-admin is refused and gets no session. Throws
 * AuthFailure.
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
