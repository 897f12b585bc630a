import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { ChatComposer, ChatMessageList } from "~/components/support/SupportChat";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { useHydrated } from "~/components/ui/hooks";
import { INPUT } from "~/components/ui/form";
import { formatDateTime } from "~/domain/time";
import { readForm } from "~/http/form-body.server";
import { intentReply, readIntent, unknownIntent } from "~/http/intent.server";
import { parsePositiveId } from "~/lib/params";
import { redirectWithToast } from "~/http/toast.server";
import { useSupportChat } from "~/realtime/use-support-chat";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  conversationMessages,
  findConversation,
  listConversations,
  markConversationRead,
  sendChatMessage,
  setConversationStatus,
} from "~/services/support/support-chat.server";

export const meta: MetaFunction = () => [
  { title: "Support | Admin | GoatedVIPs" },
  { name: "description", content: "Answer players in the live support chat." },
];

/** The page's address for a conversation and a search, so each post returns to where it was. */
function supportPath(conversationId: number | null, q: string): string {
  const params = new URLSearchParams();
  if (conversationId !== null) params.set("c", String(conversationId));
  if (q) params.set("q", q);
  const query = params.toString();
  return query ? `/admin/support?${query}` : "/admin/support";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 100);
  const selectedId = parsePositiveId(params.get("c"));
  const selected = selectedId === null ? null : await findConversation(selectedId);
  // Opening a conversation reads it for staff (docs/decisions/0026), before the list counts.
  if (selected) await markConversationRead(admin.userId, selected.id);
  const [conversations, messages] = await Promise.all([
    listConversations(q),
    selected ? conversationMessages(selected.id) : Promise.resolve([]),
  ]);
  return { conversations, selected, messages, q, missing: selectedId !== null && !selected };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = readIntent(form);
  const conversationId = parsePositiveId(form.get("conversationId"));
  const q = String(form.get("q") ?? "").slice(0, 100);
  if (conversationId === null) return unknownIntent();
  const back = supportPath(conversationId, q);
  switch (intent) {
    case "reply": {
      const result = await sendChatMessage(admin.userId, {
        message: form.get("message"),
        conversationId,
      });
      if (!result.ok) return intentReply({ intent, message: result.message }, result.status);
      return redirect(back);
    }
    case "close":
    case "reopen": {
      const status = intent === "close" ? "closed" : "open";
      const result = await setConversationStatus(admin, conversationId, status);
      if (!result.ok) return intentReply({ intent, message: result.message }, result.status);
      return redirectWithToast(back, {
        title: intent === "close" ? "Conversation closed" : "Conversation reopened",
        type: "success",
      });
    }
    default:
      return unknownIntent();
  }
}

/** How long the list waits after a live message before reloading (bursts reload once). */
const LIST_REFRESH_MS = 300;

export default function AdminSupport() {
  const { conversations, selected, messages, q, missing } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const refresh = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(refresh.current), []);
  const chat = useSupportChat({
    rendered: messages,
    conversationId: selected?.id ?? null,
    accept: (message, known) => message.conversationId === known,
    enabled: hydrated,
    // New conversations and new messages elsewhere: the list reloads from the server.
    onAnyMessage: () => {
      clearTimeout(refresh.current);
      refresh.current = setTimeout(() => revalidator.revalidate(), LIST_REFRESH_MS);
    },
  });
  const error = chat.error ?? refused?.message ?? null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="Support">
        <AdminPanelLink />
      </AdminPageHeader>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="conversations-heading">
          <h2 id="conversations-heading" className="sr-only">
            Conversations
          </h2>
          <Form method="get" role="search" className="flex items-end gap-2">
            <div className="flex-1">
              <label htmlFor="support-search" className="mb-1 block text-sm font-bold">
                Search by username
              </label>
              <input
                id="support-search"
                type="search"
                name="q"
                defaultValue={q}
                className={INPUT}
              />
            </div>
            <button type="submit" className={`${PRIMARY_BUTTON} px-4 py-2`}>
              Search
            </button>
          </Form>
          {conversations.length === 0 ? (
            <p className="mt-4 text-sm text-muted">
              {q ? "No conversations match that username." : "No conversations yet."}
            </p>
          ) : (
            <ul className="mt-4 space-y-2" data-testid="conversation-list">
              {conversations.map((conversation) => {
                const current = conversation.id === selected?.id;
                return (
                  <li key={conversation.id}>
                    <Link
                      to={supportPath(conversation.id, q)}
                      aria-current={current ? "page" : undefined}
                      className={`block rounded-lg border p-3 hover:border-primary ${
                        current ? "border-primary bg-card" : "border-accent bg-card"
                      }`}
                      data-testid="conversation"
                    >
                      <span className="flex items-center gap-2">
                        <span className="flex-1 truncate font-bold">{conversation.username}</span>
                        {conversation.unread > 0 ? (
                          <span
                            className="rounded-full bg-primary px-2 text-xs font-bold text-primary-foreground"
                            data-testid="conversation-unread"
                          >
                            {conversation.unread}
                            <span className="sr-only"> unread</span>
                          </span>
                        ) : null}
                        <StatusBadge status={conversation.status} />
                      </span>
                      <span className="mt-1 block truncate text-sm text-muted">
                        {conversation.lastMessageIsStaffReply ? "Staff: " : ""}
                        {conversation.lastMessage}
                      </span>
                      <time
                        dateTime={conversation.lastMessageAt}
                        className="mt-1 block text-xs text-muted"
                      >
                        {formatDateTime(conversation.lastMessageAt)}
                      </time>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby="conversation-heading" className="min-w-0">
          {selected ? (
            <>
              <div className="mb-3 flex flex-wrap items-center gap-3">
                <h2
                  id="conversation-heading"
                  className="flex-1 font-display text-xl font-bold uppercase text-primary"
                >
                  {selected.username}
                </h2>
                <StatusBadge status={selected.status} />
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="conversationId" value={selected.id} />
                  <input type="hidden" name="q" value={q} />
                  <button
                    type="submit"
                    name="intent"
                    value={selected.status === "open" ? "close" : "reopen"}
                    className={`${SECONDARY_BUTTON} px-3 py-1 text-sm`}
                  >
                    {selected.status === "open" ? "Close conversation" : "Reopen conversation"}
                  </button>
                </Form>
              </div>
              <ChatMessageList
                messages={chat.messages}
                viewer="staff"
                empty="No messages yet."
                typing={chat.typing}
              />
              <ChatComposer
                label="Reply"
                placeholder="Type your response..."
                hidden={{ intent: "reply", conversationId: String(selected.id), q }}
                error={error}
                send={chat.send}
                typed={chat.typed}
              />
            </>
          ) : (
            <>
              <h2 id="conversation-heading" className="sr-only">
                Conversation
              </h2>
              <p className="rounded-lg border border-accent bg-card p-6 text-muted">
                {missing
                  ? "Conversation not found."
                  : "Choose a conversation to read and answer it."}
              </p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function StatusBadge({ status }: { status: "open" | "closed" }) {
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-bold ${
        status === "open" ? "bg-emerald-500/20 text-emerald-300" : "bg-accent text-white"
      }`}
    >
      {status === "open" ? "Open" : "Closed"}
    </span>
  );
}
