import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { conflictErrors } from "~/domain/account";
import { loginSchema, registerSchema } from "~/domain/account-forms";
import { ACCOUNT_DISABLED, ADMIN_ACCESS_REQUIRED } from "~/domain/admin-login";
import { passwordStrengthProblem } from "~/domain/password-strength.server";
import { INVALID_CODE } from "~/domain/two-step";
import { HashQueueFull } from "~/server/password-hash-threads.server";
import {
  loginAccountKey,
  loginFailed,
  loginSucceeded,
  startLoginAttempt,
  throttledMessage,
} from "./login-throttle.server";
import { accountStanding, recordLogin } from "./account-standing.server";
import { spendPasswordCheckTime } from "./passwords.server";
import {
  registrationFailed,
  registrationThrottledMessage,
  startRegistration,
} from "./registration-throttle.server";
import { clearedSessionCookieHeader, createSession, endRequestSession } from "./sessions.server";
import { checkSignInCode, isTwoStepOn } from "./two-step.server";
import { createUser, findLoginCandidate, verifyUserPassword } from "./users.server";

/**
 * Sign-in and registration: remix-auth's Authenticator with one FormStrategy per form checks the
 * credentials (or creates the account); the session that follows is ours (docs/decisions/0002).
 * Pages and the JSON API both come through here.
 */

export type AuthMode = "login" | "register";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const CHECK_THE_FORM = "Please check your credentials and try again";

/** Why a sign-in or registration failed: the status, the reason, and conform's reply for the form. */
export class AuthFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 409 | 429 | 503,
    readonly reply: SubmissionResult<string[]>,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AuthFailure";
  }
}

/**
 * The right password of an account with two-step sign-in on, and no code yet (docs/product.md
 * §A10): no session is opened. Pages go on to the code step; the API answers `totp_required`.
 */
export class TwoStepRequired extends Error {
  constructor(readonly userId: number) {
    super("two-step code required");
    this.name = "TwoStepRequired";
  }
}

export interface AuthClient {
  ip: string;
  userAgent: string;
}

// The strategies see only the request; the client's IP (for throttling) travels alongside.
const currentClient = new AsyncLocalStorage<AuthClient>();

// Passwords never travel back to the page in the form's reply.
const hideFields = ["password", "confirmPassword"];

/**
 * Password hashing `work` for a form; a full hashing queue (docs/decisions/0050) refuses the form
 * at once: 503 with Retry-After, its message on the form.
 */
async function unlessHashingIsFull<T>(
  work: Promise<T>,
  reply: (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult<string[]>,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof HashQueueFull)) throw error;
    const { message, retryAfterSeconds } = error;
    throw new AuthFailure(
      503,
      reply({ formErrors: [message], hideFields }),
      message,
      retryAfterSeconds,
    );
  }
}

async function verifyLogin(form: FormData): Promise<number> {
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    throw new AuthFailure(400, submission.reply({ hideFields }), CHECK_THE_FORM);
  }
  const { username: login, password } = submission.value;
  const ip = currentClient.getStore()?.ip ?? "unknown";

  const candidate = await findLoginCandidate(login);
  const account = loginAccountKey(login, candidate?.id);
  const attempt = await startLoginAttempt(ip, account);
  if (!attempt.admitted) {
    const message = throttledMessage(attempt.retryAfterSeconds);
    throw new AuthFailure(
      429,
      submission.reply({ formErrors: [message], hideFields }),
      message,
      attempt.retryAfterSeconds,
    );
  }
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  const valid = await unlessHashingIsFull(
    candidate
      ? verifyUserPassword(candidate, password)
      : spendPasswordCheckTime(password).then(() => false),
    submission.reply,
  );
  if (!candidate || !valid) {
    await loginFailed(account);
    throw new AuthFailure(
      401,
      submission.reply({ formErrors: [INVALID_CREDENTIALS], hideFields }),
      INVALID_CREDENTIALS,
    );
  }
  await loginSucceeded(ip, account);
  // Only someone who knows the password learns that the account is disabled.
  if ((await accountStanding(candidate.id))?.disabled) {
    throw new AuthFailure(
      403,
      submission.reply({ formErrors: [ACCOUNT_DISABLED], hideFields }),
      ACCOUNT_DISABLED,
    );
  }
  return candidate.id;
}

async function verifyRegistration(form: FormData): Promise<number> {
  const submission = parseWithZod(form, { schema: registerSchema });
  if (submission.status !== "success") {
    throw new AuthFailure(400, submission.reply({ hideFields }), CHECK_THE_FORM);
  }
  const { username, email, password } = submission.value;
  // Weak passwords are refused before the address's count is touched.
  const weak = passwordStrengthProblem(password, [username, email]);
  if (weak) {
    throw new AuthFailure(
      400,
      submission.reply({ fieldErrors: { password: [weak] }, hideFields }),
      CHECK_THE_FORM,
    );
  }
  const ip = currentClient.getStore()?.ip ?? "unknown";
  const retryAfter = await startRegistration(ip);
  if (retryAfter > 0) {
    const message = registrationThrottledMessage(retryAfter);
    throw new AuthFailure(
      429,
      submission.reply({ formErrors: [message], hideFields }),
      message,
      retryAfter,
    );
  }
  const created = await unlessHashingIsFull(
    createUser({ username, email, password }),
    submission.reply,
  );
  if (!created.ok) {
    await registrationFailed(ip);
    const { fieldErrors, message } = conflictErrors(created.conflicts);
    throw new AuthFailure(409, submission.reply({ fieldErrors, hideFields }), message);
  }
  return created.userId;
}

const authenticator = new Authenticator<number>()
  .use(new FormStrategy(({ form }) => verifyLogin(form)), "login")
  .use(new FormStrategy(({ form }) => verifyRegistration(form)), "register");

/**
 * Checks a login or registration form (the request's body) and opens a session.
 * Throws AuthFailure when the form is refused. `adminOnly` (the admin login): a valid non-admin
 * sign-in is refused too, and opens no session and ends none. An account with two-step sign-in
 * on also needs `code` (TOTP or recovery); without one this throws TwoStepRequired.
 */
export async function authenticate(
  mode: AuthMode,
  request: Request,
  client: AuthClient,
  { adminOnly = false, code }: { adminOnly?: boolean; code?: string | undefined } = {},
): Promise<{ userId: number; token: string }> {
  const userId = await currentClient.run(client, () => authenticator.authenticate(mode, request));
  if (adminOnly && !(await accountStanding(userId))?.isAdmin) {
    throw new AuthFailure(
      401,
      { status: "error", error: { "": [ADMIN_ACCESS_REQUIRED] } },
      ADMIN_ACCESS_REQUIRED,
    );
  }
  if (mode === "login" && (await isTwoStepOn(userId))) {
    if (code === undefined || code.trim() === "") throw new TwoStepRequired(userId);
    await requireSignInCode(userId, code, client.ip);
  }
  return openSession(request, userId, client);
}

/** The code of a sign-in's second step; throws AuthFailure (401 'Invalid code', or 429). */
export async function requireSignInCode(userId: number, code: string, ip: string): Promise<void> {
  const checked = await checkSignInCode(userId, code, ip);
  if (checked.ok) return;
  const { retryAfterSeconds } = checked;
  const message = retryAfterSeconds ? throttledMessage(retryAfterSeconds) : INVALID_CODE;
  throw new AuthFailure(
    retryAfterSeconds ? 429 : 401,
    { status: "error", error: { code: [message] } },
    message,
    retryAfterSeconds,
  );
}

/** Opens the session of a completed sign-in, in place of the one the browser held. */
export async function openSession(
  request: Request,
  userId: number,
  client: AuthClient,
): Promise<{ userId: number; token: string }> {
  // A sign-in replaces the session the browser already holds (ASVS 7.2.4), whoever's it was.
  await endRequestSession(request);
  const token = await createSession({ userId, ...client });
  await recordLogin(userId);
  return { userId, token };
}

/** Who is asking, as the throttle and the session row need it. */
export function clientOf(request: Request, context: { clientIp: string }): AuthClient {
  return { ip: context.clientIp, userAgent: request.headers.get("User-Agent") ?? "" };
}

/** Ends the request's session (its row and its sockets); returns the header clearing the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  await endRequestSession(request);
  return new Headers({ "Set-Cookie": await clearedSessionCookieHeader() });
}
