import type { ShellUser } from "~/domain/account";
import type { Toast } from "~/lib/toast";
import { readToast } from "~/lib/toast.server";
import { unseenBonusCodeQuery } from "./bonus-codes.server";
import { db } from "./db.server";
import { unreadCountQuery } from "./notifications.server";
import { findRequestUser } from "./sessions.server";
import type { SessionUser } from "./sessions.server";
import { unreadStaffRepliesQuery } from "./support-chat.server";
import { totalWageredQuery } from "./users.server";

/**
 * What the site's header shows a signed-in user on every page, in one statement (the root loader
 * runs on every signed-in request: one round through Kysely and SQLite, not four). Each figure is
 * its own service's query as a subquery. A page that shows a figure in full leaves it out:
 * /bonus-codes marks every code seen as it loads (no dot), /support reads its replies itself.
 */
export async function shellUser(
  sessionUser: SessionUser,
  { bonusCodeDot, supportUnread }: { bonusCodeDot: boolean; supportUnread: boolean },
  now: Date = new Date(),
): Promise<ShellUser> {
  const { userId } = sessionUser;
  const row = await db
    .selectNoFrom((eb) => [
      totalWageredQuery(userId).as("totalWagered"),
      unreadCountQuery(userId).as("unreadNotifications"),
      bonusCodeDot
        ? eb.exists(unseenBonusCodeQuery(userId, now)).as("newBonusCode")
        : eb.lit(0).as("newBonusCode"),
      supportUnread
        ? unreadStaffRepliesQuery(userId).as("supportUnread")
        : eb.lit(0).as("supportUnread"),
    ])
    .executeTakeFirstOrThrow();
  return {
    username: sessionUser.username,
    isAdmin: sessionUser.isAdmin,
    totalWagered: Number(row.totalWagered ?? 0),
    unreadNotifications: Number(row.unreadNotifications ?? 0),
    newBonusCode: Boolean(row.newBonusCode),
    supportUnread: Number(row.supportUnread ?? 0),
  };
}

/** What the site's frame shows for one request: its user's header figures and its flash toast. */
export interface RequestShell {
  user: ShellUser | null;
  toast: Toast | null;
  /** Clears the flash toast's cookie once it has been read. */
  headers: Headers;
}

/** The signed-in user's header figures and the pending toast (the root loader's per-user data). */
export async function requestShell(request: Request): Promise<RequestShell> {
  const [sessionUser, { toast, headers }] = await Promise.all([
    findRequestUser(request),
    readToast(request),
  ]);
  // /bonus-codes shows every code (and marks them seen as it loads, beside this loader): no dot.
  // The support chat's loader reads its replies at the same time: no widget count.
  const { pathname } = new URL(request.url);
  const user =
    sessionUser &&
    (await shellUser(sessionUser, {
      bonusCodeDot: pathname !== "/bonus-codes",
      supportUnread: pathname !== "/support",
    }));
  return { user, toast, headers };
}
