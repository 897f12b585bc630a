import type { PasswordChange } from "~/domain/account-forms";
import { passwordStrengthProblem } from "~/domain/password-strength.server";
import { HashQueueFull } from "~/server/password-hash-threads.server";
import { db } from "~/services/db.server";
import { loginAccountKey, throttledCheck, throttledMessage } from "./login-throttle.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { endOtherSessions } from "./sessions.server";
import type { SessionUser } from "./sessions.server";

export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";
export const PASSWORD_CHANGED = "Your password has been changed";

export type PasswordChangeResult =
  | { ok: true; endedSessions: number }
  | {
      ok: false;
      status: 400 | 429 | 503;
      errors: Record<string, string[]>;
      retryAfterSeconds?: number;
    };

/**
 * A signed-in user's password change (the profile's form and `POST /api/user/password`): the
 * current password must verify and the new one must not be guessable. On success every other
 * session of the user ends (their sockets close); the one asking stays signed in. Guesses of the
 * current password count with the account's sign-in failures (a stolen session must not become a
 * free password oracle, nor a way to fill the hashing queue). A full hashing queue refuses it at
 * once: 503 with Retry-After (docs/decisions/0050).
 */
export async function changePassword(
  user: Pick<SessionUser, "userId" | "sessionId">,
  change: PasswordChange,
  ip: string,
): Promise<PasswordChangeResult> {
  try {
    return await changeCheckedPassword(user, change, ip);
  } catch (error) {
    if (!(error instanceof HashQueueFull)) throw error;
    const { message, retryAfterSeconds } = error;
    return { ok: false, status: 503, errors: { currentPassword: [message] }, retryAfterSeconds };
  }
}

async function changeCheckedPassword(
  user: Pick<SessionUser, "userId" | "sessionId">,
  change: PasswordChange,
  ip: string,
): Promise<PasswordChangeResult> {
  const account = await db
    .selectFrom("users")
    .select(["username", "email", "password_hash"])
    .where("id", "=", user.userId)
    .executeTakeFirstOrThrow();
  const checked = await throttledCheck(ip, loginAccountKey("", user.userId), () =>
    verifyPassword(change.currentPassword, account.password_hash),
  );
  if (!checked.ok && checked.retryAfterSeconds) {
    const { retryAfterSeconds } = checked;
    const errors = { currentPassword: [throttledMessage(retryAfterSeconds)] };
    return { ok: false, status: 429, errors, retryAfterSeconds };
  }
  const errors: Record<string, string[]> = {};
  if (!checked.ok) errors.currentPassword = [CURRENT_PASSWORD_WRONG];
  const accountWords = account.email ? [account.username, account.email] : [account.username];
  const weak = passwordStrengthProblem(change.newPassword, accountWords);
  if (weak) errors.newPassword = [weak];
  if (Object.keys(errors).length > 0) return { ok: false, status: 400, errors };

  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(change.newPassword) })
    .where("id", "=", user.userId)
    .execute();
  return { ok: true, endedSessions: await endOtherSessions(user.userId, user.sessionId) };
}
