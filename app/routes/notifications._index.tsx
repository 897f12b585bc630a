import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Pager } from "~/components/admin/Pager";
import { GeneralErrorBoundary } from "~/components/errors/GeneralErrorBoundary";
import {
  MARK_ALL_READ_INTENT,
  NotificationItem,
  OPEN_NOTIFICATION_INTENT,
} from "~/components/notifications/NotificationItem";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { readForm } from "~/http/form-body.server";
import { readIntent, unknownIntent } from "~/http/intent.server";
import { parsePositiveId } from "~/lib/params";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/services/auth/auth.server";
import {
  listNotifications,
  markAllRead,
  markRead,
} from "~/services/notifications/notifications.server";

export const meta: MetaFunction = () => [
  { title: "Notifications | GoatedVIPs" },
  { name: "description", content: "Your GoatedVIPs notifications." },
];

const NOTIFICATIONS_PATH = "/notifications";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = new URL(request.url).searchParams.get("page");
  return listNotifications(user.userId, page);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  switch (readIntent(form)) {
    case OPEN_NOTIFICATION_INTENT: {
      const id = parsePositiveId(form.get("id"));
      if (id === null) return unknownIntent();
      if (!(await markRead(user.userId, id))) {
        return redirectWithToast(NOTIFICATIONS_PATH, {
          title: "Notification not found",
          description: "It may have been removed.",
          type: "destructive",
        });
      }
      return redirect(`${NOTIFICATIONS_PATH}/${id}`);
    }
    case MARK_ALL_READ_INTENT: {
      const marked = await markAllRead(user.userId);
      return redirectWithToast(NOTIFICATIONS_PATH, {
        title: "All notifications marked as read",
        description: marked === 1 ? "1 notification" : `${marked} notifications`,
        type: "success",
      });
    }
    default:
      return unknownIntent();
  }
}

export default function NotificationsPage() {
  const { notifications, window, total, unread } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl sm:text-4xl font-bold uppercase text-primary">
            Notifications
          </h1>
          <p className="mt-2 text-muted" aria-live="polite">
            {unread === 0 ? "No unread notifications" : `${unread} unread of ${total}`}
          </p>
        </div>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={MARK_ALL_READ_INTENT}
            disabled={unread === 0 || busy}
            className={`${SECONDARY_BUTTON} px-4 py-2 disabled:opacity-50`}
          >
            Mark all as read
          </button>
        </Form>
      </div>
      {notifications.length === 0 ? (
        <p className="mt-8 rounded-xl border border-accent bg-card p-6 text-muted">
          No notifications yet. Race results, rank-ups, new bonus codes and announcements will show
          up here.
        </p>
      ) : (
        <ul className="mt-8 space-y-3" aria-label="Your notifications, newest first">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      {window.totalPages > 1 ? <Pager page={window.page} totalPages={window.totalPages} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
