import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/GeneralErrorBoundary";
import { ReadState } from "~/components/notifications/NotificationItem";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { formatDateTime } from "~/domain/time";
import { parsePositiveId } from "~/lib/params";
import { requireUser } from "~/services/auth/auth.server";
import { findNotification, markRead } from "~/services/notifications/notifications.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.notification.title} | Notifications | GoatedVIPs` : "Notifications" },
];

/** Another user's notification is as missing as one that never existed. */
function notFound() {
  return new Response("Notification not found", { status: 404 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parsePositiveId(params.id);
  const notification = id === null ? null : await findNotification(user.userId, id);
  if (!notification) throw notFound();
  return { notification };
}

/** Marks it read, for a page reached by its address rather than from the list. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = parsePositiveId(params.id);
  if (id === null || !(await markRead(user.userId, id))) throw notFound();
  return null;
}

export default function NotificationPage() {
  const { notification } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/notifications" className="text-sm font-bold text-primary hover:underline">
        Back to notifications
      </Link>
      <article className="mt-4 rounded-xl border border-accent bg-card p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ReadState readAt={notification.readAt} />
          <time dateTime={notification.createdAt} className="text-sm text-muted">
            {formatDateTime(notification.createdAt)}
          </time>
        </div>
        <h1 className="mt-3 font-display text-3xl font-bold uppercase text-primary">
          {notification.title}
        </h1>
        <p className="mt-4 whitespace-pre-line">{notification.message}</p>
        {notification.readAt === null ? (
          <Form method="post" className="mt-6">
            <button type="submit" className={`${SECONDARY_BUTTON} px-4 py-2`}>
              Mark as read
            </button>
          </Form>
        ) : null}
      </article>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
