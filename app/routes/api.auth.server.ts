import { apiRegisterSchema } from "~/domain/account-forms";
import { accountJson } from "~/domain/api-json";
import type { TwoStepRequiredJson } from "~/domain/api-contract";
import { TWO_STEP_REQUIRED } from "~/domain/two-step";
import { apiError, fieldErrorsOf, jsonResponse, readJsonObject } from "~/http/json-api.server";
import {
  AuthFailure,
  authenticate,
  CHECK_THE_FORM,
  clientOf,
  TwoStepRequired,
} from "~/services/auth/authentication.server";
import type { AuthMode } from "~/services/auth/authentication.server";
import { sessionCookieHeader } from "~/services/auth/sessions.server";
import { getAccount } from "~/services/auth/users.server";

/**
 * The JSON registration's fields for the registration form's strategy. API clients send three
 * fields (username, password, email; docs/product.md §P3): the confirmation belongs to the form,
 * so the API's schema checks it only when it is sent.
 */
function registrationFields(body: Record<string, string>): Record<string, string> {
  const parsed = apiRegisterSchema.safeParse(body);
  if (!parsed.success) throw apiError(400, CHECK_THE_FORM, fieldErrorsOf(parsed.error));
  return parsed.data;
}

/**
 * The JSON face of sign-in and registration (docs/product.md §P7), for API clients
 * (`api.auth.login.ts`, `api.auth.register.ts`): the same Authenticator and sessions as the pages.
 * The reply carries the session token too, for clients that send it as a Bearer header rather than
 * keep cookies.
 */
export async function jsonAuthenticate(
  mode: AuthMode,
  request: Request,
  context: { clientIp: string },
) {
  // The strategies read a form: the JSON's string fields become one. Anything else is left out,
  // and so refused by validation.
  const strings = Object.entries(await readJsonObject(request)).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
  const fields = Object.fromEntries(strings);
  const form = new FormData();
  for (const [key, value] of Object.entries(
    mode === "register" ? registrationFields(fields) : fields,
  )) {
    form.append(key, value);
  }
  // The session the client already holds travels along: signing in ends it.
  const headers = new Headers({ "User-Agent": request.headers.get("User-Agent") ?? "" });
  for (const name of ["Cookie", "Authorization"]) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const formRequest = new Request(request.url, { method: "POST", body: form, headers });
  try {
    const { userId, token } = await authenticate(mode, formRequest, clientOf(request, context), {
      code: fields.code,
    });
    const user = await getAccount(userId);
    if (!user) throw new Error(`account ${userId} vanished after ${mode}`);
    return jsonResponse(
      {
        status: "success",
        user: accountJson(user),
        token,
        message: mode === "login" ? "Login successful" : "Registration successful",
      },
      {
        status: mode === "login" ? 200 : 201,
        headers: { "Set-Cookie": await sessionCookieHeader(token) },
      },
    );
  } catch (error) {
    return signInRefusal(error);
  }
}

/**
 * A sign-in that opened no session, as JSON (here and `api.admin.login.ts`): `totp_required`
 * (401) when only the code is missing, else the refusal. Anything else is rethrown.
 */
export function signInRefusal(error: unknown): Response {
  if (error instanceof TwoStepRequired) {
    const answer: TwoStepRequiredJson = {
      status: "totp_required",
      message: TWO_STEP_REQUIRED,
    };
    return jsonResponse(answer, { status: 401 });
  }
  if (error instanceof AuthFailure) return authFailureAnswer(error);
  throw error;
}

/** A refused sign-in or registration as JSON: its status, message, field errors, Retry-After. */
function authFailureAnswer(error: AuthFailure): Response {
  const errors = Object.fromEntries(
    Object.entries(error.reply.error ?? {}).filter(
      (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[0] !== "",
    ),
  );
  const headers: HeadersInit = error.retryAfterSeconds
    ? { "Retry-After": String(error.retryAfterSeconds) }
    : {};
  return apiError(error.status, error.message, errors, headers);
}
