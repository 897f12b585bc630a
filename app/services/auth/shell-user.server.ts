import { sql } from "kysely";
import type { ShellUser } from "~/domain/account";
import type { Toast } from "~/lib/toast";
import { readToast } from "~/http/toast.server";
import { unseenBonusCodeQuery } from "~/services/promotions/bonus-codes.server";
import { unreadCountQuery } from "~/services/notifications/notifications.server";
import { findRequestSession } from "./sessions.server";
import type { LiveSessionQuery } from "./sessions.server";
import { unreadStaffRepliesQuery } from "~/services/support/support-chat.server";
import { totalWageredQuery } from "./users.server";

/**
 * What the site's header shows a signed-in user on every page, as columns of the statement that
 * reads the request's session (the root loader runs on every signed-in request: one round trip to
 * the database, not two; on PostgreSQL a round trip costs more than these lookups). Each figure is
 * its own service's query as a subquery of the session's user. A page that shows a figure in full
 * leaves it out: /bonus-codes marks every code seen as it loads (no dot), /support reads its
 * replies itself.
 */
function withHeaderFigures(
  { bonusCodeDot, supportUnread }: { bonusCodeDot: boolean; supportUnread: boolean },
  now: Date,
) {
  // The session's user; `users.id` would name the subqueries' own users table.
  const userId = sql.ref<number>("sessions.user_id");
  return (query: LiveSessionQuery) =>
    query.select((eb) => [
      totalWageredQuery(userId).as("totalWagered"),
      unreadCountQuery(userId).as("unreadNotifications"),
      bonusCodeDot
        ? eb.exists(unseenBonusCodeQuery(userId, now)).as("newBonusCode")
        : eb.lit(0).as("newBonusCode"),
      supportUnread
        ? unreadStaffRepliesQuery(userId).as("supportUnread")
        : eb.lit(0).as("supportUnread"),
    ]);
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
  // /bonus-codes shows every code (and marks them seen as it loads, beside this loader): no dot.
  // The support chat's loader reads its replies at the same time: no widget count.
  const { pathname } = new URL(request.url);
  const figures = withHeaderFigures(
    { bonusCodeDot: pathname !== "/bonus-codes", supportUnread: pathname !== "/support" },
    new Date(),
  );
  const [session, { toast, headers }] = await Promise.all([
    findRequestSession(request, figures),
    readToast(request),
  ]);
  const user: ShellUser | null = session && {
    username: session.user.username,
    isAdmin: session.user.isAdmin,
    totalWagered: Number(session.row.totalWagered ?? 0),
    unreadNotifications: Number(session.row.unreadNotifications ?? 0),
    newBonusCode: Boolean(session.row.newBonusCode),
    supportUnread: Number(session.row.supportUnread ?? 0),
  };
  return { user, toast, headers };
}
