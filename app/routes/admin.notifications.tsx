import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { AdminTable } from "~/components/admin/AdminTable";
import { Pager } from "~/components/admin/Pager";
import {
  BroadcastForm,
  PREVIEW_INTENT,
  SEND_INTENT,
} from "~/components/notifications/BroadcastForm";
import { broadcastSchema } from "~/domain/notification-broadcast";
import type { BroadcastInput } from "~/domain/notification-broadcast";
import {
  AUDIENCE_LABELS,
  NO_RECIPIENTS_MESSAGE,
  NOTIFICATION_FAILED,
  NOTIFICATION_SENT,
} from "~/domain/notifications";
import { formatDateTime } from "~/domain/time";
import { readForm } from "~/http/form-body.server";
import { readIntent, unknownIntent } from "~/http/intent.server";
import { createToastHeaders, redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  audienceSizes,
  listBroadcasts,
  sendBroadcast,
} from "~/services/notifications/notification-broadcasts.server";

export const meta: MetaFunction = () => [
  { title: "Notifications | Admin | GoatedVIPs" },
  { name: "description", content: "Send notifications to users and see those sent." },
];

const PAGE = "/admin/notifications";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = new URL(request.url).searchParams.get("page");
  const [history, sizes] = await Promise.all([listBroadcasts(page), audienceSizes()]);
  return { ...history, sizes };
}

interface BroadcastReply {
  result: SubmissionResult<string[]>;
  preview: BroadcastInput | null;
  failure: string | null;
}

/** A send that did not happen: the form again with its values, and the failure toast. */
async function failedSend(reply: Omit<BroadcastReply, "preview">, status: number) {
  const headers = await createToastHeaders({
    title: NOTIFICATION_FAILED,
    description: reply.failure ?? "Check the highlighted fields.",
    type: "destructive",
  });
  return data<BroadcastReply>({ ...reply, preview: null }, { status, headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = readIntent(form);
  if (intent !== PREVIEW_INTENT && intent !== SEND_INTENT) return unknownIntent();
  const submission = parseWithZod(form, { schema: broadcastSchema });
  if (submission.status !== "success") {
    if (intent === SEND_INTENT)
      return failedSend({ result: submission.reply(), failure: null }, 400);
    return data<BroadcastReply>(
      { result: submission.reply(), preview: null, failure: null },
      { status: 400 },
    );
  }
  if (intent === PREVIEW_INTENT) {
    return data<BroadcastReply>({
      result: submission.reply(),
      preview: submission.value,
      failure: null,
    });
  }
  const outcome = await sendBroadcast(submission.value, {
    userId: admin.userId,
    username: admin.username,
  });
  if ("noRecipients" in outcome) {
    return failedSend({ result: submission.reply(), failure: NO_RECIPIENTS_MESSAGE }, 409);
  }
  // Post/redirect/get: the page comes back with an empty form and the broadcast in the history.
  return redirectWithToast(PAGE, { ...NOTIFICATION_SENT, type: "success" });
}

export default function AdminNotifications() {
  const { broadcasts, window, total, sizes } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const last = reply && "preview" in reply ? reply : null;
  const preview: BroadcastInput | null = last?.preview ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="Notifications">
        <AdminPanelLink />
      </AdminPageHeader>

      <section aria-labelledby="send-heading" className="mt-8 max-w-2xl">
        <h2 id="send-heading" className="font-display text-2xl font-bold uppercase">
          Send a notification
        </h2>
        <p className="mt-1 text-sm text-muted">
          It goes to the inbox of every user in the audience, and shows at once on their open pages.
        </p>
        {/* A new broadcast in the history remounts the form, so it clears after a send. */}
        <BroadcastForm
          key={broadcasts[0]?.id ?? "none"}
          lastResult={last?.result}
          failure={last?.failure ?? null}
          audienceSizes={sizes}
        />
        {preview ? (
          <section
            aria-labelledby="preview-heading"
            className="mt-6 rounded-xl border border-dashed border-primary/60 p-5"
          >
            <h3
              id="preview-heading"
              className="text-sm font-bold uppercase tracking-widest text-muted"
            >
              Preview: as {AUDIENCE_LABELS[preview.audience].toLowerCase()} will see it
            </h3>
            <p className="mt-3 text-base font-bold">{preview.title}</p>
            <p className="mt-1 whitespace-pre-line text-sm">{preview.message}</p>
          </section>
        ) : null}
      </section>

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="font-display text-2xl font-bold uppercase">
          Sent notifications
        </h2>
        <AdminTable
          label="Sent notifications"
          headings={["When", "Sent by", "Title", "Audience", "In-app", "By e-mail"]}
          summary={
            total === 1
              ? "1 notification sent"
              : `${total.toLocaleString("en-US")} notifications sent`
          }
          empty={broadcasts.length === 0 ? "No notifications sent yet." : null}
        >
          {broadcasts.map((broadcast) => (
            <tr key={broadcast.id} className="border-t border-accent align-top">
              <td className="whitespace-nowrap px-3 py-3">{formatDateTime(broadcast.createdAt)}</td>
              <td className="px-3 py-3">{broadcast.sentBy}</td>
              <td className="px-3 py-3">
                <span className="font-bold">{broadcast.title}</span>
                <span className="mt-1 line-clamp-2 block text-muted">{broadcast.message}</span>
              </td>
              <td className="px-3 py-3">{AUDIENCE_LABELS[broadcast.audience]}</td>
              <td className="px-3 py-3 text-right tabular-nums">
                {broadcast.delivered.toLocaleString("en-US")}
              </td>
              <td className="px-3 py-3 text-right tabular-nums">
                {broadcast.emailed.toLocaleString("en-US")}
              </td>
            </tr>
          ))}
        </AdminTable>
        <Pager page={window.page} totalPages={window.totalPages} />
      </section>
    </div>
  );
}
