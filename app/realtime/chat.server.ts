import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";
import { chatPresence } from "~/server/chat-presence.server";
import { eventBus } from "~/server/domain-event-bus.server";
import {
  announceTyping,
  markConversationRead,
  sendChatMessage,
} from "~/services/support/support-chat.server";
import {
  chatClientMessageSchema,
  chatMessageMessage,
  serverMessage,
  typingMessage,
} from "./messages";
import type { ClientMessageHandler, SocketHub } from "./socket-hub.server";
import { logger } from "~/server/logger.server";

/**
 * The query a chat page adds to /ws/chat (`/ws/chat?view=conversation`): its user is looking at
 * the conversation, so staff replies need no notification. Other uses of the socket do not count.
 */
export const CHAT_VIEW_QUERY = "view=conversation";

/**
 * /ws/chat client messages (docs/api.md "/ws/chat"): chat_message, typing and read, each run
 * through the support chat service as the socket's user. A message is stored before anyone is
 * shown it; the sender sees it come back like everyone else, through the "chat.message" event.
 */
export const handleChatMessage: ClientMessageHandler = ({ payload, identity, reply }) => {
  const error = (message: string) => reply(serverMessage("ERROR", { message }));
  const parsed = chatClientMessageSchema.safeParse(payload);
  if (!parsed.success || identity === null) return error("Unsupported message");
  const request = parsed.data;
  const conversationId = request.conversationId ?? null;
  const done = (() => {
    switch (request.type) {
      case "chat_message":
        return sendChatMessage(identity.userId, { message: request.message, conversationId });
      case "typing":
        return announceTyping(identity.userId, conversationId);
      case "read":
        return markConversationRead(identity.userId, conversationId);
    }
  })();
  done.then(
    (result) => {
      if (!result.ok) error(result.message);
    },
    (failure: unknown) => {
      logger.error({ err: failure }, "chat message failed");
      error("Internal error");
    },
  );
};

/**
 * Connects the chat hub to the event bus (messages to the conversation's owner and staff, typing
 * to the other side) and keeps chat presence for the sockets of chat pages. Returns the
 * unsubscribers.
 */
export function wireChatHub(chat: SocketHub): Array<() => void> {
  chat.server.on("connection", (socket: WebSocket, request: IncomingMessage) => {
    const identity = chat.identityOf(socket);
    const query = new URL(request.url ?? "/", "http://placeholder.invalid").search.slice(1);
    if (identity === null || !query.split("&").includes(CHAT_VIEW_QUERY)) return;
    socket.once("close", chatPresence.opened(identity.userId));
  });
  return [
    eventBus.subscribe("chat.message", (event) =>
      chat.sendToUsersAndAdmins([event.ownerId], chatMessageMessage(event)),
    ),
    eventBus.subscribe("chat.typing", (event) => {
      const message = typingMessage(event);
      if (event.isStaffReply) chat.sendToUsers([event.ownerId], message);
      else chat.sendToAdmins(message);
    }),
  ];
}
