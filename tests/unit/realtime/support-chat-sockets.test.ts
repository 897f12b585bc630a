// /ws/chat end to end (issue 17): real http server, real sessions, real websocket clients. A player
// (session cookie) and an admin (Bearer token) exchange messages through the server; a third player
// receives none of them. Also: a client's isStaffReply is ignored, bad messages (and a staff
// message naming no conversation) get ERROR and store nothing, typing goes to the other side, and
// an ended session closes the socket with 4401.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { listenRealtime } from "./realtime-server";
import { insertSession, insertUser, uniqueName } from "../../factories";
import { CHAT_CONVERSATION_REQUIRED, CHAT_MESSAGE_REQUIRED } from "~/domain/support-chat";
import { SESSION_ENDED_CLOSE_CODE } from "~/realtime/socket-hub.server";
import { db } from "~/services/db.server";
import { endSession } from "~/services/auth/sessions.server";
import { signedInCookie } from "../session-cookie";

let realtime: Awaited<ReturnType<typeof listenRealtime>>;
let base = "";
let origin = "";

beforeAll(async () => {
  realtime = await listenRealtime({ maxSocketsPerAddress: 100 });
  base = `ws://${realtime.host}`;
  origin = `http://${realtime.host}`;
});

afterAll(() => realtime.close());

type Message = Record<string, unknown>;

async function account(isAdmin = false) {
  const username = uniqueName(isAdmin ? "staff" : "player");
  const id = await insertUser(db, { username, is_admin: isAdmin ? 1 : 0 });
  const session = await insertSession(db, id);
  return { id, username, token: session.token, sessionId: session.id };
}

/** A client of /ws/chat: by cookie (as a browser) or Bearer (as a bot), greeted before use. */
async function connect(
  auth: { token: string; by: "cookie" | "bearer" },
  path = "/ws/chat?view=conversation",
) {
  const headers: Record<string, string> =
    auth.by === "bearer"
      ? { Authorization: `Bearer ${auth.token}` }
      : { Cookie: await signedInCookie(auth.token) };
  const socket = new WebSocket(`${base}${path}`, { origin, headers });
  const messages: Message[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(data.toString()) as Message));
  await expect.poll(() => messages[0]?.type, { timeout: 3000 }).toBe("CONNECTED");
  const of = (type: string) => messages.filter((m) => m.type === type);
  return {
    socket,
    messages,
    of,
    send: (payload: unknown) => socket.send(JSON.stringify(payload)),
    waitFor: async (type: string, count = 1) => {
      await expect.poll(() => of(type).length, { timeout: 3000 }).toBeGreaterThanOrEqual(count);
      return of(type)[count - 1] as Message;
    },
  };
}

describe("/ws/chat between a player and staff", () => {
  it("player and admin exchange messages live; a third player receives nothing", async () => {
    const alice = await account();
    const admin = await account(true);
    const carol = await account();
    const aliceSocket = await connect({ token: alice.token, by: "cookie" });
    const adminSocket = await connect({ token: admin.token, by: "bearer" });
    const carolSocket = await connect({ token: carol.token, by: "cookie" });

    // A client claiming to be staff is ignored: the server decides.
    aliceSocket.send({ type: "chat_message", message: "Hello support", isStaffReply: true });
    const atAdmin = await adminSocket.waitFor("chat_message");
    expect(atAdmin).toMatchObject({
      message: "Hello support",
      isStaffReply: false,
      sender: { id: alice.id, username: alice.username },
      conversationId: expect.any(Number),
      id: expect.any(Number),
      createdAt: expect.any(String),
    });
    // The sender sees their own message come back once it is stored.
    expect(await aliceSocket.waitFor("chat_message")).toEqual(atAdmin);
    const stored = await db
      .selectFrom("support_messages")
      .select(["message", "is_staff_reply"])
      .where("id", "=", atAdmin.id as number)
      .executeTakeFirst();
    expect(stored).toEqual({ message: "Hello support", is_staff_reply: 0 });

    adminSocket.send({
      type: "chat_message",
      conversationId: atAdmin.conversationId,
      message: "Hi Alice, how can we help?",
      isStaffReply: false,
    });
    const reply = await aliceSocket.waitFor("chat_message", 2);
    expect(reply).toMatchObject({
      message: "Hi Alice, how can we help?",
      isStaffReply: true,
      sender: { id: admin.id, username: admin.username },
    });
    expect(await adminSocket.waitFor("chat_message", 2)).toEqual(reply);

    // Typing goes to the other side only.
    aliceSocket.send({ type: "typing" });
    expect(await adminSocket.waitFor("typing")).toMatchObject({
      conversationId: atAdmin.conversationId,
      sender: { id: alice.id },
      isStaffReply: false,
    });
    adminSocket.send({ type: "typing", conversationId: atAdmin.conversationId });
    expect(await aliceSocket.waitFor("typing")).toMatchObject({ isStaffReply: true });

    // Alice is on the page: no notification of the reply.
    const notified = await db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", alice.id)
      .execute();
    expect(notified).toEqual([]);

    // Carol cannot write into Alice's conversation, and has been sent none of it.
    carolSocket.send({
      type: "chat_message",
      conversationId: atAdmin.conversationId,
      message: "let me in",
    });
    expect(await carolSocket.waitFor("ERROR")).toMatchObject({
      message: "You cannot see this conversation.",
    });
    carolSocket.send({ type: "read", conversationId: atAdmin.conversationId });
    await carolSocket.waitFor("ERROR", 2);
    expect(carolSocket.of("chat_message")).toEqual([]);
    expect(carolSocket.of("typing")).toEqual([]);
    for (const client of [aliceSocket, adminSocket, carolSocket]) client.socket.close();
  });

  it("answers a bad message with ERROR and stores nothing", async () => {
    const bob = await account();
    const client = await connect({ token: bob.token, by: "bearer" });
    client.send({ type: "chat_message", message: "   " });
    expect(await client.waitFor("ERROR")).toMatchObject({ message: CHAT_MESSAGE_REQUIRED });
    client.send({ type: "shout", message: "x" });
    expect(await client.waitFor("ERROR", 2)).toMatchObject({ message: "Unsupported message" });
    client.send({ type: "PING" });
    await client.waitFor("PONG");
    const rows = await db
      .selectFrom("support_messages")
      .select("id")
      .where("sender_id", "=", bob.id)
      .execute();
    expect(rows).toEqual([]);
    client.socket.close();
  });

  it("refuses a staff chat_message without conversationId with ERROR, storing nothing", async () => {
    const admin = await account(true);
    const client = await connect({ token: admin.token, by: "bearer" });
    client.send({ type: "chat_message", message: "Which conversation is this for?" });
    expect(await client.waitFor("ERROR")).toMatchObject({ message: CHAT_CONVERSATION_REQUIRED });
    // Not stored as the admin's own player message either, nor sent to anyone.
    client.send({ type: "PING" });
    await client.waitFor("PONG");
    expect(client.of("chat_message")).toEqual([]);
    const stored = await db
      .selectFrom("support_messages")
      .select("id")
      .where("sender_id", "=", admin.id)
      .execute();
    expect(stored).toEqual([]);
    const conversations = await db
      .selectFrom("support_conversations")
      .select("id")
      .where("user_id", "=", admin.id)
      .execute();
    expect(conversations).toEqual([]);
    client.socket.close();
  });

  it("closes the chat socket with 4401 when its session ends", async () => {
    const dave = await account();
    const client = await connect({ token: dave.token, by: "cookie" });
    const closed = new Promise<number>((resolve) => client.socket.on("close", resolve));
    await endSession(dave.id, dave.sessionId);
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});
