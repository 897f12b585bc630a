import { data, redirect } from "@remix-run/node";
import { apiError } from "~/lib/json-api.server";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { findRequestUser } from "./sessions.server";
import type { SessionUser } from "./sessions.server";

/**
 * Who may do what, checked on the server for every loader, action and API route (docs/product.md §P6).
 * Pages send a visitor to `/` (docs/product.md §P2 "Guarded routes"); API routes answer JSON 401/403.
 */

export const NOT_AUTHENTICATED_MESSAGE = "Not authenticated";
export const ADMIN_REQUIRED_MESSAGE = "Admin access required";

/** A guarded page: the signed-in user, or a redirect to `/` (with `toast` there, if given). */
export async function requireUser(request: Request, toast?: ToastInput): Promise<SessionUser> {
  const user = await findRequestUser(request);
  if (!user) throw toast ? await redirectWithToast("/", toast) : redirect("/");
  return user;
}

/** An admin page: a visitor goes to `/`, a signed-in non-admin gets 403. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
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
