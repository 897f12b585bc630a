import {
  apiRegisterSchema,
  passwordChangeApiSchema,
  preferencesSchema,
  profileSchema,
} from "~/domain/account-forms";
import { conflictErrors } from "~/domain/account";
import type { Account } from "~/domain/account";
import type {
  AccountJson,
  PublicProfileJson,
  SessionJson,
  TwoStepRequiredJson,
} from "~/domain/api-contract";
import { textOrEmpty } from "~/domain/api-contract";
import { roundToCents } from "~/domain/money";
import { TWO_STEP_REQUIRED } from "~/domain/two-step";
import { browserFromUserAgent, deviceFromUserAgent } from "~/domain/user-agent";
import { apiError, fieldErrorsOf, jsonResponse, readJsonObject } from "~/lib/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { NOT_AUTHENTICATED_MESSAGE, requireApiUser } from "./auth.server";
import {
  AuthFailure,
  authenticate,
  CHECK_THE_FORM,
  clientOf,
  signOut,
  TwoStepRequired,
} from "./authentication.server";
import type { AuthMode } from "./authentication.server";
import { changePassword, PASSWORD_CHANGED } from "./password-change.server";
import { getPreferences, savePreferences } from "./preferences.server";
import { endSession, listSessions, sessionCookieHeader } from "./sessions.server";
import { getMemberProfile } from "./member-profile.server";
import { getAccount, updateProfile } from "./users.server";

/** The current user as JSON: optional text as "", the total in cents. */
export function accountJson(account: Account): AccountJson {
  return {
    ...account,
    email: textOrEmpty(account.email),
    telegramUsername: textOrEmpty(account.telegramUsername),
    bio: textOrEmpty(account.bio),
    goatedId: textOrEmpty(account.goatedId),
    goatedUsername: textOrEmpty(account.goatedUsername),
    totalWagered: roundToCents(account.totalWagered),
  };
}

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
 * The JSON face of sign-in, registration and sign-out (docs/product.md §P7), for API clients: the same
 * Authenticator and sessions as the pages. The reply carries the session token too, for clients
 * that send it as a Bearer header rather than keep cookies.
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
 * A sign-in that opened no session, as JSON: `totp_required` (401) when only the code is missing,
 * else the refusal. Anything else is rethrown.
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
export function authFailureAnswer(error: AuthFailure): Response {
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

export async function jsonSignOut(request: Request) {
  return jsonResponse(
    { status: "success", message: "Logged out" },
    { headers: await signOut(request) },
  );
}

export async function currentAccountResponse(request: Request) {
  const user = await requireApiUser(request);
  const account = await getAccount(user.userId);
  if (!account) return apiError(401, NOT_AUTHENTICATED_MESSAGE);
  return jsonResponse(accountJson(account));
}

// JSON clients send "" or null for "no value"; the forms send nothing.
function withoutEmpty(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== "" && v !== null));
}

export async function jsonUpdateProfile(request: Request) {
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

/** `POST /api/user/password` `{currentPassword, newPassword}`: the other sessions end. */
export async function jsonChangePassword(request: Request, context: { clientIp: string }) {
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

export async function jsonListSessions(request: Request) {
  const user = await requireApiUser(request);
  const sessions = await listSessions(user.userId);
  return jsonResponse(
    sessions.map((session): SessionJson => {
      // Every listed session is live; the client reads isActive as "the one you are using".
      const isCurrent = session.id === user.sessionId;
      return {
        id: session.id,
        userAgent: session.userAgent,
        device: deviceFromUserAgent(session.userAgent),
        browser: browserFromUserAgent(session.userAgent),
        isActive: isCurrent,
        isCurrent,
        createdAt: session.createdAt,
        lastActive: session.lastActive,
      };
    }),
  );
}

/** Only one's own sessions: anyone else's id is answered exactly like an unknown one. */
export async function jsonEndSession(request: Request, sessionId: string) {
  const user = await requireApiUser(request);
  if (!(await endSession(user.userId, sessionId))) {
    return apiError(404, "Failed to terminate session");
  }
  return jsonResponse({ status: "success", message: "Session terminated successfully" });
}

export async function jsonReadPreferences(request: Request) {
  const user = await requireApiUser(request);
  return jsonResponse({ preferences: await getPreferences(user.userId) });
}

export async function jsonSavePreferences(request: Request) {
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

export async function jsonPublicProfile(request: Request, id: string | undefined) {
  await requireApiUser(request);
  const userId = parsePositiveId(id);
  const profile = userId === null ? null : await getMemberProfile(userId);
  if (!profile) return apiError(404, "User not found");
  const answer: PublicProfileJson = {
    ...profile,
    telegramUsername: textOrEmpty(profile.telegramUsername),
    bio: textOrEmpty(profile.bio),
    goatedUsername: textOrEmpty(profile.goatedUsername),
    totalWagered: roundToCents(profile.totalWagered),
  };
  return jsonResponse(answer);
}
