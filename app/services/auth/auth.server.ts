import { data, redirect } from "@remix-run/node";
import { guardedPageRedirect } from "~/domain/auth-mode";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-host";
import { apiError } from "~/http/json-api.server";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/http/toast.server";
import { findRequestUser } from "./sessions.server";
import type { SessionUser } from "./sessions.server";

/**
 * Who may do what, checked on the server for every loader, action and API route (docs/product.md
 * §P6, §A6). Member pages send a visitor to `/` (§P2 "Guarded routes"), admin pages to the admin
 * login; API routes answer JSON 401/403.
 */

export const NOT_AUTHENTICATED_MESSAGE = "Not authenticated";
export const ADMIN_REQUIRED_MESSAGE = "Admin access required";

export const SIGN_IN_TOAST: ToastInput = { title: "Please sign in to continue" };

/**
 * The guard of every member page's loader and action: the signed-in user, or a redirect to `/`
 * with a toast ('Please sign in to continue' unless the page has its own) and the page wanted
 * as `redirectTo`, where the Sign in link takes it back after signing in.
 */
export async function requireUser(
  request: Request,
  toast: ToastInput = SIGN_IN_TOAST,
): Promise<SessionUser> {
  const user = await findRequestUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw await redirectWithToast(guardedPageRedirect(url.pathname + url.search), toast);
  }
  return user;
}

/** Where a signed-out visitor of an admin page goes: the admin login, then back to the page. */
export function adminLoginPath(redirectTo?: string): string {
  return redirectTo
    ? `${ADMIN_LOGIN_PATH}?${new URLSearchParams({ redirectTo }).toString()}`
    : ADMIN_LOGIN_PATH;
}

/**
 * The guard of every admin page's loader and action (docs/product.md §A2, §A6; DESIGN.md "Admin
 * area"): a visitor goes to the admin login (and back here after it), a signed-in non-admin gets
 * 403, which the page's error boundary shows as 'Admin Access Required'.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await findRequestUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(adminLoginPath(url.pathname + url.search));
  }
  if (!user.isAdmin) throw data({ message: ADMIN_REQUIRED_MESSAGE }, { status: 403 });
  return user;
}

/** An API route for signed-in users: 401 `{message: 'Not authenticated'}` otherwise. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await findRequestUser(request);
  if (!user) throw apiError(401, NOT_AUTHENTICATED_MESSAGE);
  return user;
}

/** An admin API route: 401 signed out, 403 signed in without isAdmin. */
export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw apiError(403, ADMIN_REQUIRED_MESSAGE);
  return user;
}
