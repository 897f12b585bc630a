import { sql } from "kysely";
import type { Expression, Transaction } from "kysely";
import { RateLimiterRes } from "rate-limiter-flexible";
import { createRateLimiter } from "~/server/rate-limiter.server";
import type { Database } from "~db/schema";
import { auditSubject } from "~/domain/audit";
import { LIKE_ESCAPE, likeContains } from "~/domain/like-pattern";
import {
  CHAT_CONVERSATION_REQUIRED,
  CHAT_FORBIDDEN,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PAGE_SIZE,
  CHAT_RATE_LIMITED,
  CONVERSATION_NOT_FOUND,
  checkChatMessage,
  isStaffReply,
  mayReadConversation,
  mayWriteConversation,
  statusAfterMessage,
  supportReplyNotification,
} from "~/domain/support-chat";
import type { ChatActor, ChatMessageView, ConversationStatus } from "~/domain/support-chat";
import { chatPresence } from "~/server/chat-presence.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { recordAudit } from "~/services/admin/audit.server";
import type { AuditActor } from "~/services/admin/audit.server";
import { NOT_AUTHENTICATED_MESSAGE } from "~/services/auth/auth.server";
import { db } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";

/**
 * The support chat's data (docs/product.md §A2 "Support"): one conversation per user, its
 * messages, read markers for the player and for staff. Every write re-reads the sender from the
 * database, so a role or an account changed since a socket opened counts at once.
 */

export type ChatFailure = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 429;
  message: string;
  retryAfterSeconds?: number;
};

export interface ConversationView {
  id: number;
  userId: number;
  username: string;
  status: ConversationStatus;
  createdAt: string;
  lastMessageAt: string;
}

/** A conversation in the admin list. */
export interface ConversationSummary extends ConversationView {
  lastMessage: string;
  lastMessageIsStaffReply: boolean;
  /** Player messages staff have not seen. */
  unread: number;
}

interface Actor extends ChatActor {
  username: string;
}

/** The sender as the database knows them now; null for an unknown or disabled account. */
async function currentActor(userId: number): Promise<Actor | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "username", "is_admin"])
    .where("id", "=", userId)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return row ? { userId: row.id, username: row.username, isAdmin: row.is_admin === 1 } : null;
}

function conversationQuery(executor: Transaction<Database> | typeof db = db) {
  return executor
    .selectFrom("support_conversations as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select([
      "c.id",
      "c.user_id as userId",
      "u.username",
      "c.status",
      "c.created_at as createdAt",
      "c.last_message_at as lastMessageAt",
    ]);
}

export async function findConversation(id: number): Promise<ConversationView | null> {
  return (await conversationQuery().where("c.id", "=", id).executeTakeFirst()) ?? null;
}

export async function findConversationOfUser(userId: number): Promise<ConversationView | null> {
  return (await conversationQuery().where("c.user_id", "=", userId).executeTakeFirst()) ?? null;
}

function messageQuery(executor: Transaction<Database> | typeof db = db) {
  return executor
    .selectFrom("support_messages as m")
    .innerJoin("users as u", "u.id", "m.sender_id")
    .select([
      "m.id",
      "m.conversation_id",
      "m.message",
      "m.is_staff_reply",
      "m.created_at",
      "u.id as senderId",
      "u.username",
    ]);
}

function asView(row: {
  id: number;
  conversation_id: number;
  message: string;
  is_staff_reply: number;
  created_at: string;
  senderId: number;
  username: string;
}): ChatMessageView {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    message: row.message,
    isStaffReply: row.is_staff_reply === 1,
    createdAt: row.created_at,
    sender: { id: row.senderId, username: row.username },
  };
}

/** Up to `limit` messages before `before` (the newest ones without it), oldest first. */
export async function conversationMessages(
  conversationId: number,
  { before = null, limit = CHAT_PAGE_SIZE }: { before?: number | null; limit?: number } = {},
): Promise<ChatMessageView[]> {
  const rows = await messageQuery()
    .where("m.conversation_id", "=", conversationId)
    .$if(before !== null, (q) => q.where("m.id", "<", before ?? 0))
    .orderBy("m.id", "desc")
    .limit(Math.min(Math.max(limit, 1), CHAT_PAGE_SIZE))
    .execute();
  return rows.reverse().map(asView);
}

const limiters = {
  player: createRateLimiter({
    keyPrefix: "chat-player",
    points: CHAT_MESSAGES_PER_MINUTE.player,
    duration: 60,
  }),
  staff: createRateLimiter({
    keyPrefix: "chat-staff",
    points: CHAT_MESSAGES_PER_MINUTE.staff,
    duration: 60,
  }),
};

/** Takes one message from the sender's allowance; the seconds to wait when none is left. */
async function takeAllowance(actor: Actor): Promise<number | null> {
  try {
    await limiters[actor.isAdmin ? "staff" : "player"].consume(String(actor.userId));
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.ceil(refusal.msBeforeNext / 1000);
    throw refusal;
  }
}

export interface SendChatMessageInput {
  message: unknown;
  /** The conversation to write to: required of staff answering a player; a player's own else. */
  conversationId?: number | null;
}

export type SendChatMessageResult = { ok: true; message: ChatMessageView } | ChatFailure;

/**
 * Stores one message, then tells the sockets (the "chat.message" event, after the commit: nobody
 * is shown a message that is not stored). A player writes to their own conversation (created on
 * their first message, reopened if closed); staff write to the conversation they name, and their
 * messages there are staff replies. A player who is not on the chat page when staff reply gets an in-app
 * notification (kind support_reply), once until they read it.
 */
export async function sendChatMessage(
  senderId: number,
  input: SendChatMessageInput,
  now: Date = new Date(),
): Promise<SendChatMessageResult> {
  const actor = await currentActor(senderId);
  if (!actor) return { ok: false, status: 401, message: NOT_AUTHENTICATED_MESSAGE };
  const checked = checkChatMessage(input.message);
  if (!checked.ok) return { ok: false, status: 400, message: checked.error };

  let ownerId = actor.userId;
  if (input.conversationId !== undefined && input.conversationId !== null) {
    const conversation = await findConversation(input.conversationId);
    if (!conversation) return { ok: false, status: 404, message: CONVERSATION_NOT_FOUND };
    if (!mayWriteConversation(actor, conversation.userId)) {
      return { ok: false, status: 403, message: CHAT_FORBIDDEN };
    }
    ownerId = conversation.userId;
  } else if (actor.isAdmin) {
    // Staff answer the conversation they name: without one, the reply would be stored as the
    // admin's own player message, in a conversation with themselves.
    return { ok: false, status: 400, message: CHAT_CONVERSATION_REQUIRED };
  }
  const staffReply = isStaffReply(actor, ownerId);
  const waitSeconds = await takeAllowance(actor);
  if (waitSeconds !== null) {
    return { ok: false, status: 429, message: CHAT_RATE_LIMITED, retryAfterSeconds: waitSeconds };
  }

  const createdAt = now.toISOString();
  const { view, notifications } = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("support_conversations")
      .values({ user_id: ownerId, created_at: createdAt, last_message_at: createdAt })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    const conversation = await trx
      .selectFrom("support_conversations")
      .select(["id", "status", "player_read_id"])
      .where("user_id", "=", ownerId)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto("support_messages")
      .values({
        conversation_id: conversation.id,
        sender_id: actor.userId,
        is_staff_reply: staffReply ? 1 : 0,
        message: checked.message,
        created_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("support_conversations")
      .set({
        last_message_at: createdAt,
        status: statusAfterMessage(conversation.status, staffReply),
        // Whoever writes has seen everything before their own message.
        ...(staffReply ? { staff_read_id: id } : { player_read_id: id }),
      })
      .where("id", "=", conversation.id)
      .execute();
    const notifications =
      staffReply &&
      !chatPresence.isPresent(ownerId) &&
      !(await hasUnreadStaffReplyBefore(trx, conversation.id, conversation.player_read_id, id))
        ? await addNotifications(
            trx,
            [
              {
                userId: ownerId,
                kind: "support_reply",
                ...supportReplyNotification(checked.message),
              },
            ],
            now,
          )
        : [];
    const view = asView({
      id,
      conversation_id: conversation.id,
      message: checked.message,
      is_staff_reply: staffReply ? 1 : 0,
      created_at: createdAt,
      senderId: actor.userId,
      username: actor.username,
    });
    return { view, notifications };
  });
  await eventBus.publish("chat.message", { message: view, ownerId, at: createdAt });
  await announceNotifications(notifications);
  return { ok: true, message: view };
}

/** Was the player already told of an earlier reply they have not read? Then not again. */
async function hasUnreadStaffReplyBefore(
  trx: Transaction<Database>,
  conversationId: number,
  playerReadId: number,
  messageId: number,
): Promise<boolean> {
  const row = await trx
    .selectFrom("support_messages")
    .select("id")
    .where("conversation_id", "=", conversationId)
    .where("is_staff_reply", "=", 1)
    .where("id", ">", playerReadId)
    .where("id", "<", messageId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The conversation a reader asks for: their own, or (staff) the one named. */
async function readableConversation(
  actor: ChatActor,
  conversationId: number | null,
): Promise<{ ok: true; conversation: ConversationView | null } | ChatFailure> {
  if (conversationId === null) {
    return { ok: true, conversation: await findConversationOfUser(actor.userId) };
  }
  const conversation = await findConversation(conversationId);
  if (!conversation) return { ok: false, status: 404, message: CONVERSATION_NOT_FOUND };
  if (!mayReadConversation(actor, conversation.userId)) {
    return { ok: false, status: 403, message: CHAT_FORBIDDEN };
  }
  return { ok: true, conversation };
}

/**
 * A page of a conversation's history for `GET /api/chat/history`: the caller's own conversation,
 * or for staff the one named; oldest first, `before` a message id.
 */
export async function readChatHistory(
  readerId: number,
  query: { conversationId: number | null; before: number | null; limit?: number },
): Promise<{ ok: true; messages: ChatMessageView[] } | ChatFailure> {
  const actor = await currentActor(readerId);
  if (!actor) return { ok: false, status: 401, message: NOT_AUTHENTICATED_MESSAGE };
  const found = await readableConversation(actor, query.conversationId);
  if (!found.ok) return found;
  if (!found.conversation) return { ok: true, messages: [] };
  return {
    ok: true,
    messages: await conversationMessages(found.conversation.id, {
      before: query.before,
      limit: query.limit,
    }),
  };
}

/**
 * Marks a conversation read up to its newest message, on the reader's side: the owner's replies
 * read, or (staff in someone else's) the player's messages read.
 */
export async function markConversationRead(
  readerId: number,
  conversationId: number | null,
): Promise<{ ok: true } | ChatFailure> {
  const actor = await currentActor(readerId);
  if (!actor) return { ok: false, status: 401, message: NOT_AUTHENTICATED_MESSAGE };
  const found = await readableConversation(actor, conversationId);
  if (!found.ok) return found;
  if (!found.conversation) return { ok: true };
  const { id, userId } = found.conversation;
  const newest = db
    .selectFrom("support_messages")
    .select((eb) => eb.fn.coalesce(eb.fn.max("id"), sql<number>`0`).as("newest"))
    .where("conversation_id", "=", id);
  await db
    .updateTable("support_conversations")
    .set(isStaffReply(actor, userId) ? { staff_read_id: newest } : { player_read_id: newest })
    .where("id", "=", id)
    .execute();
  return { ok: true };
}

/** Staff replies the player has not seen: the count on the VIP Support widget. */
export async function unreadStaffReplies(userId: number): Promise<number> {
  const row = await unreadStaffRepliesQuery(userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** unreadStaffReplies's query, one column (a scalar subquery of the header's figures). */
export function unreadStaffRepliesQuery(userId: number | Expression<number>) {
  return db
    .selectFrom("support_conversations as c")
    .innerJoin("support_messages as m", "m.conversation_id", "c.id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("c.user_id", "=", userId)
    .where("m.is_staff_reply", "=", 1)
    .whereRef("m.id", ">", "c.player_read_id");
}

/** Conversations with player messages no staff member has seen: the admin panel's figure. */
export async function unreadSupportConversations(): Promise<number> {
  const row = await db
    .selectFrom("support_conversations as c")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("support_messages as m")
          .select("m.id")
          .whereRef("m.conversation_id", "=", "c.id")
          .where("m.is_staff_reply", "=", 0)
          .whereRef("m.id", ">", "c.staff_read_id"),
      ),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Conversations the admin list shows at most; a search narrows it. */
export const CONVERSATION_LIST_LIMIT = 50;

/** The admin list: newest activity first, optionally those of players whose name contains `q`. */
export async function listConversations(search: string): Promise<ConversationSummary[]> {
  const term = search.trim().toLowerCase();
  const rows = await conversationQuery()
    .select((eb) => [
      eb
        .selectFrom("support_messages as m")
        .select("m.message")
        .whereRef("m.conversation_id", "=", "c.id")
        .orderBy("m.id", "desc")
        .limit(1)
        .as("lastMessage"),
      eb
        .selectFrom("support_messages as m")
        .select("m.is_staff_reply")
        .whereRef("m.conversation_id", "=", "c.id")
        .orderBy("m.id", "desc")
        .limit(1)
        .as("lastIsStaff"),
      eb
        .selectFrom("support_messages as m")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("m.conversation_id", "=", "c.id")
        .where("m.is_staff_reply", "=", 0)
        .whereRef("m.id", ">", "c.staff_read_id")
        .as("unread"),
    ])
    .$if(term !== "", (q) =>
      q.where(sql<boolean>`lower(u.username) LIKE ${likeContains(term)} ESCAPE ${LIKE_ESCAPE}`),
    )
    .orderBy("c.last_message_at", "desc")
    .orderBy("c.id", "desc")
    .limit(CONVERSATION_LIST_LIMIT)
    .execute();
  return rows.map(({ lastMessage, lastIsStaff, unread, ...conversation }) => ({
    ...conversation,
    lastMessage: lastMessage ?? "",
    lastMessageIsStaffReply: lastIsStaff === 1,
    unread: Number(unread ?? 0),
  }));
}

/**
 * Staff close or reopen a conversation, with its audit row in the same transaction. Closing is
 * a marker for staff ("done"): the player may still write, which reopens it.
 */
export async function setConversationStatus(
  admin: AuditActor,
  conversationId: number,
  status: ConversationStatus,
  now: Date = new Date(),
): Promise<{ ok: true } | ChatFailure> {
  return db.transaction().execute(async (trx) => {
    const conversation = await trx
      .selectFrom("support_conversations")
      .select(["id", "status"])
      .where("id", "=", conversationId)
      .executeTakeFirst();
    if (!conversation) return { ok: false, status: 404, message: CONVERSATION_NOT_FOUND };
    if (conversation.status === status) return { ok: true };
    await trx
      .updateTable("support_conversations")
      .set({ status })
      .where("id", "=", conversationId)
      .execute();
    await recordAudit(
      trx,
      {
        actor: admin,
        kind: status === "closed" ? "support.closed" : "support.reopened",
        subject: auditSubject("conversation", conversationId),
        before: { status: conversation.status },
        after: { status },
      },
      now,
    );
    return { ok: true };
  });
}

/**
 * Someone is typing: published as "chat.typing" (staff must name the conversation; a player types
 * in their own, once it exists). Nothing is stored.
 */
export async function announceTyping(
  senderId: number,
  conversationId: number | null,
  now: Date = new Date(),
): Promise<{ ok: true } | ChatFailure> {
  const actor = await currentActor(senderId);
  if (!actor) return { ok: false, status: 401, message: NOT_AUTHENTICATED_MESSAGE };
  const found = await readableConversation(actor, conversationId);
  if (!found.ok) return found;
  if (!found.conversation) {
    return actor.isAdmin
      ? { ok: false, status: 400, message: CHAT_CONVERSATION_REQUIRED }
      : { ok: true };
  }
  const { id, userId } = found.conversation;
  await eventBus.publish("chat.typing", {
    conversationId: id,
    ownerId: userId,
    sender: { id: actor.userId, username: actor.username },
    isStaffReply: isStaffReply(actor, userId),
    at: now.toISOString(),
  });
  return { ok: true };
}
