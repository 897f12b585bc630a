import { hasControlOrLoneSurrogate } from "./text";

/**
 * The support chat's rules (docs/product.md §A2 "Support", §P2 "/support"): what a message may
 * hold, who may read and write a conversation, and which messages are staff replies. The server
 * decides all of it; nothing a client sends about roles is trusted.
 */

export const MAX_CHAT_MESSAGE_CHARACTERS = 2000;
export const CHAT_MESSAGE_REQUIRED = "Type a message first.";
export const CHAT_MESSAGE_TOO_LONG = `Messages are at most ${MAX_CHAT_MESSAGE_CHARACTERS.toLocaleString("en-US")} characters.`;
export const CHAT_MESSAGE_CONTROL = "Messages cannot contain control characters.";
export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const CHAT_FORBIDDEN = "You cannot see this conversation.";
export const CHAT_CONVERSATION_REQUIRED = "Choose the conversation to answer.";
export const CHAT_RATE_LIMITED = "You are sending messages too fast. Wait a minute and try again.";

/** Messages per user per minute: a person typing never reaches it, a script soon does. */
export const CHAT_MESSAGES_PER_MINUTE = { player: 10, staff: 60 } as const;
/** Messages a page shows at once, and the history API's largest page. */
export const CHAT_PAGE_SIZE = 100;

export type ConversationStatus = "open" | "closed";

export type ChatMessageCheck = { ok: true; message: string } | { ok: false; error: string };

/**
 * A message as it will be stored: trimmed, line breaks as "\n", 1 to 2,000 characters (code
 * points), and no control characters other than line breaks and tabs (a message box is
 * multi-line).
 */
export function checkChatMessage(input: unknown): ChatMessageCheck {
  if (typeof input !== "string") return { ok: false, error: CHAT_MESSAGE_REQUIRED };
  const message = input.replace(/\r\n?/g, "\n").trim();
  if (message === "") return { ok: false, error: CHAT_MESSAGE_REQUIRED };
  if ([...message].length > MAX_CHAT_MESSAGE_CHARACTERS) {
    return { ok: false, error: CHAT_MESSAGE_TOO_LONG };
  }
  if (hasControlOrLoneSurrogate(message, { lineBreaks: "allowed" })) {
    return { ok: false, error: CHAT_MESSAGE_CONTROL };
  }
  return { ok: true, message };
}

/** Who is asking: the signed-in user as the database knows them now. */
export interface ChatActor {
  userId: number;
  isAdmin: boolean;
}

/** A player sees only their own conversation; staff see every one; a visitor none. */
export function mayReadConversation(actor: ChatActor | null, ownerId: number): boolean {
  if (actor === null) return false;
  return actor.isAdmin || actor.userId === ownerId;
}

/** Writing follows reading: a player writes only to their own conversation, staff to any. */
export const mayWriteConversation = mayReadConversation;

/**
 * A message is a staff reply when staff write in someone else's conversation. In their own
 * conversation an admin is the player (the owner is always the other side of staff).
 */
export function isStaffReply(actor: ChatActor, ownerId: number): boolean {
  return actor.isAdmin && actor.userId !== ownerId;
}

/** A player's message reopens a closed conversation; a staff reply leaves the status alone. */
export function statusAfterMessage(
  status: ConversationStatus,
  staffReply: boolean,
): ConversationStatus {
  return staffReply ? status : "open";
}

/** A chat message as the pages, the history API and the socket show it. */
export interface ChatMessageView {
  id: number;
  conversationId: number;
  message: string;
  isStaffReply: boolean;
  createdAt: string;
  sender: { id: number; username: string };
}

/**
 * The messages a page shows: those it was rendered with and those that arrived since over the
 * socket, each once (a message may come both ways), oldest first.
 */
export function mergeChatMessages<T extends { id: number }>(
  rendered: readonly T[],
  arrived: readonly T[],
): T[] {
  const byId = new Map<number, T>();
  for (const message of [...rendered, ...arrived]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** What the in-app notification of a staff reply says (kind support_reply). */
export function supportReplyNotification(message: string): { title: string; message: string } {
  const chars = [...message];
  const preview = chars.length > 140 ? `${chars.slice(0, 139).join("")}…` : message;
  return { title: "VIP Support replied", message: preview };
}
