import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EmailAddress } from "~/components/ui/EmailAddress";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { useEffect } from "react";
import { AdminTable } from "~/components/admin/AdminTable";
import { LINK_DECISION_INTENTS, LinkRequestsTable } from "~/components/admin/LinkRequestsTable";
import { Pager } from "~/components/admin/Pager";
import { UserChangeButtons } from "~/components/admin/UserChangeButtons";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { INPUT } from "~/components/ui/form";
import { USER_CHANGE_DONE, isUserChange } from "~/domain/admin-users";
import { formatDateTime } from "~/domain/time";
import { showToast } from "~/lib/client-toast";
import { readForm } from "~/http/form-body.server";
import { intentReply, readIntent, unknownIntent } from "~/http/intent.server";
import { parsePositiveId } from "~/lib/params";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import { changeUser, listUsers } from "~/services/admin/admin-users.server";
import { requireAdmin } from "~/services/auth/auth.server";
import { decideLinkRequest, listPendingLinkRequests } from "~/services/players/goated-links.server";
import { LINK_DECIDED } from "~/domain/goated-link";
import type { LinkDecision } from "~/domain/goated-link";

export const meta: MetaFunction = () => [
  { title: "User Management | Admin | GoatedVIPs" },
  { name: "description", content: "Find users, make admins, disable and enable accounts." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const [{ users, window, total }, linkRequests] = await Promise.all([
    listUsers(q, params.get("page")),
    listPendingLinkRequests(),
  ]);
  return { users, window, total, q, myId: admin.userId, linkRequests };
}

/** Back to the list (or the user's page) the form was on, after the change. */
function returnPath(form: FormData): string {
  const target = safeRedirect(String(form.get("returnTo") ?? ""), "/admin/users");
  return /^\/admin\/(users|user-management)(?:[/?]|$)/.test(target) ? target : "/admin/users";
}

function linkDecisionOf(intent: string | null): LinkDecision | null {
  if (intent === LINK_DECISION_INTENTS.approve) return "approve";
  if (intent === LINK_DECISION_INTENTS.reject) return "reject";
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  // Every form of the page makes one of the user changes; its intent names it.
  const intent = readIntent(form);
  const decision = linkDecisionOf(intent);
  if (decision) {
    const requestId = parsePositiveId(form.get("requestId"));
    if (requestId === null) return unknownIntent();
    const decided = await decideLinkRequest(admin, requestId, decision);
    if (!decided.ok) return intentReply({ intent, message: decided.message }, decided.status);
    return redirectWithToast("/admin/users", { title: LINK_DECIDED[decision], type: "success" });
  }
  const userId = parsePositiveId(form.get("userId"));
  if (!isUserChange(intent) || userId === null) return unknownIntent();
  const result = await changeUser(admin, userId, intent);
  if (!result.ok) return intentReply({ intent, message: result.message }, result.status);
  return redirectWithToast(returnPath(form), { title: USER_CHANGE_DONE[intent], type: "success" });
}

/** Shows a refused change in the page, and as a toast when JavaScript runs. */
function useRefusal(error: string | undefined) {
  useEffect(() => {
    if (error) showToast({ title: "Error", description: error, type: "destructive" });
  }, [error]);
}

export default function AdminUsers() {
  const { users, window, total, q, myId, linkRequests } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  useRefusal(refused?.message);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="User Management">
        <AdminPanelLink />
      </AdminPageHeader>

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="user-search" className="mb-1 block text-sm font-bold">
            Search by username or email
          </label>
          <input id="user-search" type="search" name="q" defaultValue={q} className={INPUT} />
        </div>
        <button type="submit" className={`${PRIMARY_BUTTON} px-5 py-2`}>
          Search
        </button>
      </Form>

      {refused?.message ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive/60 p-3 text-red-300">
          {refused.message}
        </p>
      ) : null}

      <AdminTable
        label="Users"
        headings={["Username", "Email", "Role", "Created At", "Last Login", "Actions"]}
        summary={total === 1 ? "1 user" : `${total.toLocaleString("en-US")} users`}
        empty={users.length === 0 ? "No users found." : null}
      >
        {users.map((user) => (
          <tr key={user.id} className="border-t border-accent align-top">
            <td className="px-3 py-3 font-bold">
              <Link to={`/admin/users/${user.id}`} className="hover:text-primary">
                {user.username}
              </Link>
              {user.disabled ? (
                <span className="ml-2 rounded bg-destructive/20 px-2 py-0.5 text-xs text-red-300">
                  Disabled
                </span>
              ) : null}
            </td>
            <td className="px-3 py-3">{user.email ? <EmailAddress email={user.email} /> : null}</td>
            <td className="px-3 py-3">{user.isAdmin ? "Admin" : "User"}</td>
            <td className="whitespace-nowrap px-3 py-3">{formatDateTime(user.createdAt)}</td>
            <td className="whitespace-nowrap px-3 py-3">
              {user.lastLogin ? formatDateTime(user.lastLogin) : "Never"}
            </td>
            <td className="px-3 py-3">
              <UserChangeButtons user={user} isMe={user.id === myId} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={window.page} totalPages={window.totalPages} />

      <LinkRequestsTable requests={linkRequests} />
    </div>
  );
}
