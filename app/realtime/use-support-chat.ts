import { useCallback, useEffect, useRef, useState } from "react";
import { mergeChatMessages } from "~/domain/support-chat";
import type { ChatMessageView } from "~/domain/support-chat";
import type { ServerMessage } from "./messages";
import { useSocket } from "./use-socket";

/** How long "is typing" shows after the last typing message, and how often we send ours. */
const TYPING_SHOWN_MS = 4_000;
const TYPING_SENT_EVERY_MS = 2_500;

export interface SupportChatState {
  /** The rendered messages and those that arrived live, once each, oldest first. */
  messages: ChatMessageView[];
  /** Who is typing on the other side, or null. */
  typing: string | null;
  /** The last refusal the server sent (ERROR), until the next send. */
  error: string | null;
  /** Sends over the socket; false when it is not open (the form then posts as usual). */
  send: (message: string) => boolean;
  /** Tells the other side we are typing (at most every few seconds). */
  typed: () => void;
}

/**
 * A support conversation kept live over /ws/chat (docs/api.md "/ws/chat"), for the player's page
 * and the admin page alike: messages of the conversation `accept` picks are added as they
 * arrive (and marked read), typing on the other side is shown, sending goes over the socket.
 * `conversationId` is null for a player who has not written yet: their first message names it.
 */
export function useSupportChat({
  rendered,
  conversationId,
  accept,
  enabled,
  onAnyMessage,
}: {
  rendered: ChatMessageView[];
  conversationId: number | null;
  /** Whether a message belongs here, given the conversation known so far (null: none yet). */
  accept: (message: ChatMessageView, conversationId: number | null) => boolean;
  enabled: boolean;
  /** Every chat message the socket brings, for pages that list conversations. */
  onAnyMessage?: (message: ChatMessageView) => void;
}): SupportChatState {
  const [arrived, setArrived] = useState<ChatMessageView[]>([]);
  const [typing, setTyping] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  const lastTypedAt = useRef(0);
  const liveConversation = useRef(conversationId);

  // Another conversation opened (admin page): start from what its page rendered.
  useEffect(() => {
    liveConversation.current = conversationId;
    setArrived([]);
    setTyping(null);
    setError(null);
  }, [conversationId]);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const sendRef = useRef<(message: unknown) => boolean>(() => false);
  const onMessage = (message: ServerMessage) => {
    if (message.type === "ERROR") setError(message.message);
    if (message.type === "typing" && message.conversationId === liveConversation.current) {
      setTyping(message.isStaffReply ? "VIP Support" : message.sender.username);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    }
    if (message.type !== "chat_message") return;
    const view: ChatMessageView = {
      id: message.id,
      conversationId: message.conversationId,
      message: message.message,
      isStaffReply: message.isStaffReply,
      createdAt: message.createdAt,
      sender: message.sender,
    };
    onAnyMessage?.(view);
    if (!accept(view, liveConversation.current)) return;
    liveConversation.current = view.conversationId;
    setArrived((list) => [...list, view]);
    setTyping(null);
    sendRef.current({ type: "read", conversationId: view.conversationId });
  };
  const sendJson = useSocket("/ws/chat?view=conversation", onMessage, enabled);
  useEffect(() => {
    sendRef.current = sendJson;
  }, [sendJson]);

  const send = useCallback(
    (message: string) => {
      setError(null);
      const conversation = liveConversation.current;
      return sendJson(
        conversation === null
          ? { type: "chat_message", message }
          : { type: "chat_message", message, conversationId: conversation },
      );
    },
    [sendJson],
  );
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastTypedAt.current < TYPING_SENT_EVERY_MS) return;
    lastTypedAt.current = now;
    const conversation = liveConversation.current;
    sendJson(
      conversation === null ? { type: "typing" } : { type: "typing", conversationId: conversation },
    );
  }, [sendJson]);

  return { messages: mergeChatMessages(rendered, arrived), typing, error, send, typed };
}
