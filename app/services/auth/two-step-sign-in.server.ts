import { z } from "zod";
import { ACCOUNT_DISABLED, ADMIN_ACCESS_REQUIRED } from "~/domain/admin-login";
import { PENDING_SIGN_IN_SECONDS } from "~/domain/two-step";
import { twoStepCookie } from "~/http/cookies.server";
import { accountStanding } from "./account-standing.server";
import { AuthFailure, openSession, requireSignInCode } from "./authentication.server";
import type { AuthClient } from "./authentication.server";
import { isTwoStepOn } from "./two-step.server";

/**
 * The pages' second step (docs/product.md §A10): after the right password of an account with
 * two-step sign-in on, the browser holds only a short-lived signed cookie naming the account; the
 * session is opened when the code is right. The cookie carries its own expiry too, since a
 * browser may keep a cookie past its Max-Age.
 */

const pendingSchema = z.object({
  userId: z.number().int().positive(),
  expiresAt: z.number(),
});

/** The Set-Cookie header that starts the code step for this account. */
export function pendingSignInCookie(userId: number, now: Date = new Date()): Promise<string> {
  return twoStepCookie().serialize({
    userId,
    expiresAt: now.getTime() + PENDING_SIGN_IN_SECONDS * 1000,
  });
}

export function clearedPendingSignInCookie(): Promise<string> {
  return twoStepCookie().serialize("", { maxAge: 0 });
}

/** The account waiting for its code, or null when none waits (or it waited too long). */
export async function pendingSignIn(
  request: Request,
  now: Date = new Date(),
): Promise<number | null> {
  const parsed = pendingSchema.safeParse(
    await twoStepCookie().parse(request.headers.get("Cookie")),
  );
  if (!parsed.success || parsed.data.expiresAt <= now.getTime()) return null;
  return parsed.data.userId;
}

/**
 * The code step: the account waiting in the cookie signs in when its code is right. Null when
 * nothing waits any more (expired, or two-step sign-in was turned off meanwhile): the password
 * step again. Throws AuthFailure for a wrong code, too many, a disabled account, and (admin
 * login) an account that is no longer an admin.
 */
export async function completeTwoStepSignIn(
  request: Request,
  client: AuthClient,
  code: string,
  { adminOnly = false }: { adminOnly?: boolean } = {},
): Promise<{ userId: number; token: string } | null> {
  const userId = await pendingSignIn(request);
  if (userId === null || !(await isTwoStepOn(userId))) return null;
  const standing = await accountStanding(userId);
  if (!standing) return null;
  if (standing.disabled) {
    throw new AuthFailure(
      403,
      { status: "error", error: { "": [ACCOUNT_DISABLED] } },
      ACCOUNT_DISABLED,
    );
  }
  if (adminOnly && !standing.isAdmin) {
    const error = { "": [ADMIN_ACCESS_REQUIRED] };
    throw new AuthFailure(401, { status: "error", error }, ADMIN_ACCESS_REQUIRED);
  }
  await requireSignInCode(userId, code, client.ip);
  return openSession(request, userId, client);
}
