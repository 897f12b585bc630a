// The support chat's service (issue 17) against a real SQLite file: authorization (a player only
// their own conversation, staff any, a visitor nothing), the server deciding isStaffReply,
// validation, the per-user rate limit, history paging, read markers and unread counts, closing and
// reopening with audit rows, and the notification of a staff reply to a player who is away.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import {
  CHAT_FORBIDDEN,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_MESSAGE_REQUIRED,
  CHAT_RATE_LIMITED,
  CONVERSATION_NOT_FOUND,
} from "~/domain/support-chat";
import { chatPresence } from "~/server/chat-presence.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { db } from "~/services/db.server";
import {
  findConversationOfUser,
  listConversations,
  markConversationRead,
  readChatHistory,
  sendChatMessage,
  setConversationStatus,
  unreadStaffReplies,
  unreadSupportConversations,
} from "~/services/support/support-chat.server";

let staffId = 0;
const staff = () => ({ userId: staffId, username: "chatStaff" });

beforeAll(async () => {
  await migrateToLatest(db);
  staffId = await insertUser(db, { username: "chatStaff", is_admin: 1 });
});

const player = () => insertUser(db, { username: uniqueName("chatter") });

async function send(senderId: number, message: unknown, conversationId?: number) {
  const result = await sendChatMessage(senderId, { message, conversationId });
  if (!result.ok) throw new Error(`refused: ${result.status} ${result.message}`);
  return result.message;
}

const supportReplies = (userId: number) =>
  db
    .selectFrom("notifications")
    .select(["title", "message"])
    .where("user_id", "=", userId)
    .where("kind", "=", "support_reply")
    .execute();

describe("writing", () => {
  it("creates the player's one conversation on their first message; the server sets isStaffReply", async () => {
    const playerId = await player();
    const events: unknown[] = [];
    const unsubscribe = eventBus.subscribe("chat.message", (event) => events.push(event));
    const first = await send(playerId, "  Hello, I need help  ");
    const again = await send(playerId, "Still there?");
    unsubscribe();
    expect(first).toMatchObject({ message: "Hello, I need help", isStaffReply: false });
    expect(again.conversationId).toBe(first.conversationId);
    expect(events).toEqual([
      { message: first, ownerId: playerId, at: first.createdAt },
      { message: again, ownerId: playerId, at: again.createdAt },
    ]);

    const reply = await sendChatMessage(staffId, {
      message: "Hi! How can we help?",
      conversationId: first.conversationId,
      // What a client might claim; the input type has no such field and the server decides.
      ...({ isStaffReply: false } as object),
    });
    expect(reply).toMatchObject({ ok: true, message: { isStaffReply: true } });
    // A player claiming to be staff is still a player.
    const claim = await sendChatMessage(playerId, {
      message: "I am staff",
      ...({ isStaffReply: true } as object),
    });
    expect(claim).toMatchObject({ ok: true, message: { isStaffReply: false } });
    const stored = await db
      .selectFrom("support_messages")
      .select(["is_staff_reply"])
      .where("conversation_id", "=", first.conversationId)
      .orderBy("id")
      .execute();
    expect(stored.map((row) => row.is_staff_reply)).toEqual([0, 0, 1, 0]);
  });

  it("a player cannot write to someone else's conversation; staff without one write their own", async () => {
    const alice = await player();
    const bob = await player();
    const aliceMessage = await send(alice, "mine");
    expect(
      await sendChatMessage(bob, {
        message: "sneaky",
        conversationId: aliceMessage.conversationId,
      }),
    ).toMatchObject({ ok: false, status: 403, message: CHAT_FORBIDDEN });
    expect(await sendChatMessage(bob, { message: "x", conversationId: 999_999 })).toMatchObject({
      ok: false,
      status: 404,
      message: CONVERSATION_NOT_FOUND,
    });
    const count = await db
      .selectFrom("support_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sender_id", "=", bob)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("refuses bad text with its message and writes nothing", async () => {
    const playerId = await player();
    expect(await sendChatMessage(playerId, { message: "   " })).toMatchObject({
      ok: false,
      status: 400,
      message: CHAT_MESSAGE_REQUIRED,
    });
    expect(await sendChatMessage(playerId, { message: "a".repeat(2001) })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await sendChatMessage(playerId, { message: "bell\u0007" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await findConversationOfUser(playerId)).toBeNull();
  });

  it("a disabled or unknown account writes nothing", async () => {
    const disabled = await insertUser(db, {
      username: uniqueName("gone"),
      disabled_at: new Date().toISOString(),
    });
    expect(await sendChatMessage(disabled, { message: "hi" })).toMatchObject({ status: 401 });
    expect(await sendChatMessage(987_654, { message: "hi" })).toMatchObject({ status: 401 });
  });

  it("limits a player to 10 messages a minute (429 with a wait), staff to more", async () => {
    const playerId = await player();
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE.player; i += 1) await send(playerId, `m${i}`);
    const refused = await sendChatMessage(playerId, { message: "one too many" });
    expect(refused).toMatchObject({ ok: false, status: 429, message: CHAT_RATE_LIMITED });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
    const conversation = await findConversationOfUser(playerId);
    // Staff answering past the player's limit is not held back by it.
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE.player + 1; i += 1) {
      await send(staffId, `r${i}`, conversation?.id);
    }
    const history = await readChatHistory(playerId, { conversationId: null, before: null });
    expect(history.ok && history.messages.map((m) => m.message)).not.toContain("one too many");
  });
});

describe("reading", () => {
  it("a player reads only their own history; staff any; paged by before=, oldest first", async () => {
    const alice = await player();
    const bob = await player();
    const sent = [];
    for (let i = 1; i <= 5; i += 1) sent.push(await send(alice, `message ${i}`));
    const conversationId = sent[0]!.conversationId;

    const own = await readChatHistory(alice, { conversationId: null, before: null, limit: 2 });
    expect(own.ok && own.messages.map((m) => m.message)).toEqual(["message 4", "message 5"]);
    const older = await readChatHistory(alice, {
      conversationId: null,
      before: sent[3]!.id,
      limit: 2,
    });
    expect(older.ok && older.messages.map((m) => m.message)).toEqual(["message 2", "message 3"]);
    const oldest = await readChatHistory(alice, {
      conversationId,
      before: sent[1]!.id,
      limit: 2,
    });
    expect(oldest.ok && oldest.messages.map((m) => m.message)).toEqual(["message 1"]);

    expect(await readChatHistory(bob, { conversationId, before: null })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await readChatHistory(bob, { conversationId: null, before: null })).toEqual({
      ok: true,
      messages: [],
    });
    const asStaff = await readChatHistory(staffId, { conversationId, before: null });
    expect(asStaff.ok && asStaff.messages).toHaveLength(5);
    expect(asStaff.ok && asStaff.messages[0]).toMatchObject({
      sender: { id: alice },
      isStaffReply: false,
    });
  });

  it("counts unread staff replies for the player and unread conversations for staff", async () => {
    const playerId = await player();
    const question = await send(playerId, "question");
    const before = await unreadSupportConversations();
    expect(before).toBeGreaterThanOrEqual(1);
    const listed = await listConversations("");
    expect(listed.find((c) => c.id === question.conversationId)).toMatchObject({
      unread: 1,
      status: "open",
      lastMessage: "question",
    });

    await send(staffId, "answer 1", question.conversationId);
    await send(staffId, "answer 2", question.conversationId);
    expect(await unreadStaffReplies(playerId)).toBe(2);
    // Replying marks the player's messages seen by staff.
    expect(await unreadSupportConversations()).toBe(before - 1);

    await markConversationRead(playerId, null);
    expect(await unreadStaffReplies(playerId)).toBe(0);
    await send(playerId, "thanks");
    expect(
      (await listConversations("")).find((c) => c.id === question.conversationId),
    ).toMatchObject({
      unread: 1,
    });
    await markConversationRead(staffId, question.conversationId);
    expect(
      (await listConversations("")).find((c) => c.id === question.conversationId),
    ).toMatchObject({
      unread: 0,
    });
    // Marking someone else's conversation read is not a player's to do.
    const other = await player();
    expect(await markConversationRead(other, question.conversationId)).toMatchObject({
      status: 403,
    });
  });

  it("lists newest activity first and finds players by username", async () => {
    const older = await insertUser(db, { username: uniqueName("Zebra") });
    const newer = await insertUser(db, { username: uniqueName("Yak") });
    const olderMessage = await send(older, "first");
    await send(newer, "second");
    const list = await listConversations("");
    const ids = list.map((c) => c.userId);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const found = await listConversations("zEbRa");
    expect(found.map((c) => c.id)).toContain(olderMessage.conversationId);
    expect(found.every((c) => c.username.toLowerCase().includes("zebra"))).toBe(true);
    expect(await listConversations("%")).toEqual([]);
  });
});

describe("closing and reopening", () => {
  it("staff close and reopen with audit rows; a player's message reopens a closed one", async () => {
    const playerId = await player();
    const { conversationId } = await send(playerId, "help");
    expect(await setConversationStatus(staff(), conversationId, "closed")).toEqual({ ok: true });
    expect((await findConversationOfUser(playerId))?.status).toBe("closed");
    // A staff reply leaves it closed.
    await send(staffId, "done here", conversationId);
    expect((await findConversationOfUser(playerId))?.status).toBe("closed");
    await setConversationStatus(staff(), conversationId, "open");
    await setConversationStatus(staff(), conversationId, "closed");
    await send(playerId, "one more thing");
    expect((await findConversationOfUser(playerId))?.status).toBe("open");

    const audit = await db
      .selectFrom("audit_log")
      .select(["kind", "actor_username", "before_json", "after_json"])
      .where("subject", "=", `conversation:${conversationId}`)
      .orderBy("id")
      .execute();
    expect(audit.map((row) => row.kind)).toEqual([
      "support.closed",
      "support.reopened",
      "support.closed",
    ]);
    expect(audit[0]).toMatchObject({
      actor_username: "chatStaff",
      before_json: '{"status":"open"}',
      after_json: '{"status":"closed"}',
    });
    expect(await setConversationStatus(staff(), 999_999, "closed")).toMatchObject({ status: 404 });
  });
});

describe("telling the player", () => {
  it("notifies a player who is away of a staff reply once until they read it; not one on the page", async () => {
    const playerId = await player();
    const { conversationId } = await send(playerId, "anyone?");
    const announced: unknown[] = [];
    const unsubscribe = eventBus.subscribe("notifications.created", (e) => announced.push(e));
    await send(staffId, "We are here.", conversationId);
    await send(staffId, "Still here.", conversationId);
    expect(await supportReplies(playerId)).toEqual([
      { title: "VIP Support replied", message: "We are here." },
    ]);
    expect(announced).toHaveLength(1);

    await markConversationRead(playerId, null);
    const closePresence = chatPresence.opened(playerId);
    await send(staffId, "Seen live.", conversationId);
    closePresence();
    expect(await supportReplies(playerId)).toHaveLength(1);

    await markConversationRead(playerId, null);
    await send(staffId, "Away again.", conversationId);
    unsubscribe();
    expect(await supportReplies(playerId)).toHaveLength(2);
    expect(announced).toHaveLength(2);
  });
});
