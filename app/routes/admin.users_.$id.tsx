import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminTable } from "~/components/admin/AdminTable";
import { UserChangeButtons } from "~/components/admin/UserChangeButtons";
import { USER_NOT_FOUND } from "~/domain/admin-users";
import { formatDateTime } from "~/domain/time";
import { browserFromUserAgent, deviceFromUserAgent } from "~/domain/user-agent";
import { parsePositiveId } from "~/lib/params";
import { findAdminUser } from "~/services/admin/admin-users.server";
import { requireAdmin } from "~/services/auth/auth.server";
import { listSessions } from "~/services/auth/sessions.server";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.user.username ?? "User"} | User Management | Admin | GoatedVIPs` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const userId = parsePositiveId(params.id);
  const user = userId === null ? null : await findAdminUser(userId);
  invariantResponse(user, USER_NOT_FOUND, { status: 404, statusText: USER_NOT_FOUND });
  const sessions = (await listSessions(user.id)).map((session) => ({
    ...session,
    device: deviceFromUserAgent(session.userAgent),
    browser: browserFromUserAgent(session.userAgent),
  }));
  return { user, sessions, myId: admin.userId };
}

/** One user: role, state, the changes an admin can make, and the user's live sessions. */
export default function AdminUser() {
  const { user, sessions, myId } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/admin/users" className="text-sm font-bold text-primary hover:underline">
        User Management
      </Link>
      <h1 className="mt-2 font-display text-3xl font-bold uppercase text-primary">
        {user.username}
      </h1>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Email</dt>
        <dd>{user.email ?? ""}</dd>
        <dt className="text-muted">Role</dt>
        <dd>{user.isAdmin ? "Admin" : "User"}</dd>
        <dt className="text-muted">Status</dt>
        <dd>{user.disabled ? "Disabled" : "Active"}</dd>
        <dt className="text-muted">Created At</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt className="text-muted">Last Login</dt>
        <dd>{user.lastLogin ? formatDateTime(user.lastLogin) : "Never"}</dd>
      </dl>
      <div className="mt-6">
        <UserChangeButtons user={user} isMe={user.id === myId} />
      </div>

      <h2 className="mt-10 font-display text-2xl font-bold uppercase">Sessions</h2>
      <AdminTable
        label="Sessions"
        headings={["Device", "Browser", "Signed In", "Last Active"]}
        empty={sessions.length === 0 ? "No active sessions." : null}
      >
        {sessions.map((session) => (
          <tr key={session.id} className="border-t border-accent">
            <td className="px-3 py-3">{session.device}</td>
            <td className="px-3 py-3">{session.browser}</td>
            <td className="px-3 py-3">{formatDateTime(session.createdAt)}</td>
            <td className="px-3 py-3">{formatDateTime(session.lastActive)}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
