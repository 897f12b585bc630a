import { Form } from "@remix-run/react";
import type { NotificationView } from "~/domain/notifications";
import { formatDateTime } from "~/domain/time";

/** The intents of /notifications' forms. */
export const OPEN_NOTIFICATION_INTENT = "open";
export const MARK_ALL_READ_INTENT = "mark-all-read";

/** "Unread" or "Read", said in words (the dot alone would be colour only). */
export function ReadState({ readAt }: { readAt: string | null }) {
  return readAt === null ? (
    <span className="inline-flex items-center gap-1.5 text-xs font-bold uppercase tracking-widest text-primary">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-primary" />
      Unread
    </span>
  ) : (
    <span className="text-xs font-bold uppercase tracking-widest text-muted">Read</span>
  );
}

/**
 * One notification in the inbox list. Its title opens it: a POST (a form, so it works without
 * JavaScript) that marks it read and goes to its own page.
 */
export function NotificationItem({ notification }: { notification: NotificationView }) {
  const unread = notification.readAt === null;
  return (
    <li
      className={`rounded-xl border p-4 ${unread ? "border-primary/60 bg-card" : "border-accent bg-card/60"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ReadState readAt={notification.readAt} />
        <time dateTime={notification.createdAt} className="text-xs text-muted">
          {formatDateTime(notification.createdAt)}
        </time>
      </div>
      <Form method="post" className="mt-2">
        <input type="hidden" name="id" value={notification.id} />
        <button
          type="submit"
          name="intent"
          value={OPEN_NOTIFICATION_INTENT}
          className="text-left text-base font-bold hover:text-primary hover:underline"
        >
          {notification.title}
        </button>
      </Form>
      <p className="mt-1 line-clamp-2 whitespace-pre-line text-sm text-muted">
        {notification.message}
      </p>
    </li>
  );
}
