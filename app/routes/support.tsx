import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useOptionalUser } from "~/lib/root-data";
import { useEffect, useRef } from "react";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { ChatComposer, ChatMessageList } from "~/components/support/SupportChat";
import { CallToAction } from "~/components/ui/CallToAction";
import { useHydrated } from "~/components/ui/hooks";
import { TelegramIcon } from "~/components/ui/icons";
import { TELEGRAM_SUPPORT_URL } from "~/content/links";
import { SUPPORT_PAGE } from "~/content/pages";
import { readForm } from "~/http/form-body.server";
import { pageMeta } from "~/lib/meta";
import { useSupportChat } from "~/realtime/use-support-chat";
import { requireUser } from "~/services/auth/auth.server";
import {
  conversationMessages,
  findConversationOfUser,
  markConversationRead,
  sendChatMessage,
} from "~/services/support/support-chat.server";

export const meta: MetaFunction = () =>
  pageMeta("VIP Support", "Chat with the GoatedVIPs VIP support team, or reach them on Telegram.");

/** Where the page sends the player after a message: back to the conversation. */
const CHAT_ANCHOR = "/support#chat";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const conversation = await findConversationOfUser(user.userId);
  const messages = conversation ? await conversationMessages(conversation.id) : [];
  // Opening the page reads the replies: the widget's count goes (docs/decisions/0026).
  if (conversation) await markConversationRead(user.userId, conversation.id);
  return {
    me: user.userId,
    conversation: conversation && { id: conversation.id, status: conversation.status },
    messages,
  };
}

/** The no-JavaScript way to write (and the fallback when the socket is down): post, redirect. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const result = await sendChatMessage(user.userId, { message: form.get("message") });
  if (result.ok) return redirect(CHAT_ANCHOR);
  const headers: HeadersInit = result.retryAfterSeconds
    ? { "Retry-After": String(result.retryAfterSeconds) }
    : {};
  return data({ error: result.message }, { status: result.status, headers });
}

export default function Support() {
  const { me, conversation, messages } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const hydrated = useHydrated();
  const chat = useSupportChat({
    rendered: messages,
    conversationId: conversation?.id ?? null,
    // A player's socket carries only their conversation; an admin's carries every one.
    accept: (message, known) =>
      known !== null
        ? message.conversationId === known
        : message.sender.id === me && !message.isStaffReply,
    enabled: hydrated,
  });
  const error = chat.error ?? refused?.error ?? null;
  useReadRepliesLeaveTheWidget();
  return (
    <div className={PAGE}>
      <PageHeader title="VIP Support" intro={SUPPORT_PAGE.intro} backToHome />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section id="chat" className={CARD} aria-labelledby="chat-heading">
          <h2 id="chat-heading" className="font-display text-xl font-bold uppercase text-primary">
            Chat with VIP Support
          </h2>
          <p className="mb-4 mt-2 text-sm text-muted">
            {conversation?.status === "closed"
              ? "This conversation was closed by our team. Write again and it reopens."
              : "Write to our team here; replies appear in this conversation."}
          </p>
          <ChatMessageList
            messages={chat.messages}
            viewer="player"
            empty="No messages yet. Ask us anything."
            typing={chat.typing}
          />
          <ChatComposer
            label="Your message"
            placeholder="Type your message..."
            hidden={{}}
            error={error}
            send={chat.send}
            typed={chat.typed}
          />
        </section>
        <section className={CARD} aria-labelledby="contact-heading">
          <h2
            id="contact-heading"
            className="font-display text-xl font-bold uppercase text-primary"
          >
            Contact on Telegram
          </h2>
          <p className="mt-2 text-sm">{SUPPORT_PAGE.contact}</p>
          <CallToAction to={TELEGRAM_SUPPORT_URL} className="mt-4 px-5 py-3">
            <TelegramIcon className="h-5 w-5" />
            Contact on Telegram
          </CallToAction>
          <div className="mt-6 flex flex-wrap gap-3">
            <CallToAction to="/telegram" secondary className="px-4 py-2">
              Join Telegram Community
            </CallToAction>
            <CallToAction to="/faq" secondary className="px-4 py-2">
              Browse FAQ
            </CallToAction>
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * This page reads the player's replies; when it was reached without a full load, the shell still
 * shows the widget's old count: reload the shell's data once.
 */
function useReadRepliesLeaveTheWidget() {
  const shownUnread = useOptionalUser()?.supportUnread ?? 0;
  const { revalidate } = useRevalidator();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || shownUnread === 0) return;
    done.current = true;
    revalidate();
  }, [shownUnread, revalidate]);
}
