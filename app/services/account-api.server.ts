import { passwordChangeApiSchema, preferencesSchema, profileSchema } from "~/domain/account-forms";
import { browserFromUserAgent, deviceFromUserAgent } from "~/domain/user-agent";
import {
  apiError,
  fieldErrorsOf,
  jsonResponse,
  methodNotAllowed,
  readJsonObject,
} from "~/lib/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { NOT_AUTHENTICATED_MESSAGE, requireApiUser } from "./auth.server";
import { AuthFailure, authenticate, clientOf, signOut } from "./authentication.server";
import type { AuthMode } from "./authentication.server";
import { changePassword, PASSWORD_CHANGED } from "./password-change.server";
import { getPreferences, savePreferences } from "./preferences.server";
import { endSession, listSessions, sessionCookieHeader } from "./sessions.server";
import { getAccount, getPublicProfile, updateProfile } from "./users.server";

/**
 * The JSON face of sign-in, registration and sign-out (spec §7), for API clients: the same
 * Authenticator and sessions as the pages. The reply carries the session token too, for clients
 * that send it as a Bearer header rather than keep cookies.
 */
export async function jsonAuthenticate(
  mode: AuthMode,
  request: Request,
  context: { clientIp: string },
) {
  const body = await readJsonObject(request);
  // The strategies read a form: the JSON's string fields become one. Anything else is left out,
  // and so refused by validation.
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string") form.append(key, value);
  }
  // The session the client already holds travels along: signing in ends it.
  const headers = new Headers({ "User-Agent": request.headers.get("User-Agent") ?? "" });
  for (const name of ["Cookie", "Authorization"]) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const formRequest = new Request(request.url, { method: "POST", body: form, headers });
  try {
    const { userId, token } = await authenticate(mode, formRequest, clientOf(request, context));
    const user = await getAccount(userId);
    return jsonResponse(
      {
        user,
        token,
        message: mode === "login" ? "Login successful" : "Registration successful",
      },
      {
        status: mode === "login" ? 200 : 201,
        headers: { "Set-Cookie": await sessionCookieHeader(token) },
      },
    );
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
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
}

export async function jsonSignOut(request: Request) {
  return jsonResponse({ message: "Logged out" }, { headers: await signOut(request) });
}

export async function currentAccountResponse(request: Request) {
  const user = await requireApiUser(request);
  const account = await getAccount(user.userId);
  if (!account) return apiError(401, NOT_AUTHENTICATED_MESSAGE);
  return jsonResponse(account);
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
    const errors = Object.fromEntries(updated.conflicts.map((c) => [c.field, [c.message]]));
    return apiError(409, updated.conflicts.map((c) => c.message).join(". "), errors);
  }
  return jsonResponse({
    user: await getAccount(user.userId),
    message: "Your profile has been updated",
  });
}

/** `POST /api/user/password` `{currentPassword, newPassword}`: the other sessions end. */
export async function jsonChangePassword(request: Request) {
  const user = await requireApiUser(request);
  const parsed = passwordChangeApiSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) {
    return apiError(400, "Failed to change password", fieldErrorsOf(parsed.error));
  }
  const changed = await changePassword(user, parsed.data);
  if (!changed.ok) return apiError(400, "Failed to change password", changed.errors);
  return jsonResponse({ status: "success", message: PASSWORD_CHANGED });
}

export async function jsonListSessions(request: Request) {
  const user = await requireApiUser(request);
  const sessions = await listSessions(user.userId);
  return jsonResponse(
    sessions.map((session) => ({
      id: session.id,
      userAgent: session.userAgent,
      device: deviceFromUserAgent(session.userAgent),
      browser: browserFromUserAgent(session.userAgent),
      isActive: true,
      isCurrent: session.id === user.sessionId,
      createdAt: session.createdAt,
      lastActive: session.lastActive,
    })),
  );
}

/** Only one's own sessions: anyone else's id is answered exactly like an unknown one. */
export async function jsonEndSession(request: Request, sessionId: string) {
  const user = await requireApiUser(request);
  if (!(await endSession(user.userId, sessionId))) {
    return apiError(404, "Failed to terminate session");
  }
  return jsonResponse({ message: "Session terminated successfully" });
}

export async function jsonReadPreferences(request: Request) {
  const user = await requireApiUser(request);
  return jsonResponse({ preferences: await getPreferences(user.userId) });
}

export async function jsonSavePreferences(request: Request) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request);
  const parsed = preferencesSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) {
    return apiError(400, "Failed to update preferences", fieldErrorsOf(parsed.error));
  }
  await savePreferences(user.userId, parsed.data);
  return jsonResponse({
    preferences: parsed.data,
    message: "Your notification preferences have been saved successfully.",
  });
}

export async function jsonPublicProfile(request: Request, id: string | undefined) {
  await requireApiUser(request);
  const userId = parsePositiveId(id);
  const profile = userId === null ? null : await getPublicProfile(userId);
  if (!profile) return apiError(404, "User not found");
  return jsonResponse(profile);
}
