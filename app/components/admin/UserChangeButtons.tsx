import { Form, useLocation } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import type { UserChange } from "~/domain/admin-users";

const LABELS: Record<UserChange, string> = {
  "grant-admin": "Make admin",
  "revoke-admin": "Remove admin",
  disable: "Disable",
  enable: "Enable",
};

/**
 * The changes an admin can make to a user, each a plain form posting to /admin/users, which comes
 * back to this page. Refusals (the last admin, one's own account) come from the server.
 */
export function UserChangeButtons({
  user,
  isMe,
}: {
  user: { id: number; username: string; isAdmin: boolean; disabled: boolean };
  isMe: boolean;
}) {
  const location = useLocation();
  const changes: UserChange[] = [
    user.isAdmin ? "revoke-admin" : "grant-admin",
    ...(isMe ? [] : [user.disabled ? ("enable" as const) : ("disable" as const)]),
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {changes.map((change) => (
        <Form key={change} method="post" action="/admin/users">
          <input type="hidden" name="intent" value={change} />
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <button
            type="submit"
            className={`${SECONDARY_BUTTON} px-3 py-1 text-sm`}
            aria-label={`${LABELS[change]}: ${user.username}`}
          >
            {LABELS[change]}
          </button>
        </Form>
      ))}
    </div>
  );
}
