import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { listenRealtime } from "./realtime-server";
import { insertSession, insertUser } from "../../factories";
import { db } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";
import { signedInCookie } from "../session-cookie";

// The live inbox: /ws/notifications on a real http server, real sessions, real ws clients. A
// notification reaches the sockets of its own user only, with that user's unread count.

let realtime: Awaited<ReturnType<typeof listenRealtime>>;
let base = "";

beforeAll(async () => {
  realtime = await listenRealtime();
  base = realtime.host;
});

afterAll(() => realtime.close());

async function signedInUser() {
  const userId = await insertUser(db);
  const { token } = await insertSession(db, userId);
  const cookie = await signedInCookie(token);
  return { userId, cookie };
}

/** A client of /ws/notifications, open and greeted; `next(n)` is its n-th message. */
async function connect(cookie: string) {
  const socket = new WebSocket(`ws://${base}/ws/notifications`, {
    origin: `http://${base}`,
    headers: { Cookie: cookie },
  });
  const messages: Array<{ type: string; data?: unknown }> = [];
  socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
  const next = async (count: number) => {
    await expect.poll(() => messages.length, { timeout: 3000 }).toBeGreaterThanOrEqual(count);
    return messages[count - 1];
  };
  expect(await next(1)).toMatchObject({ type: "CONNECTED" });
  return { socket, messages, next };
}

async function tell(userId: number, title: string) {
  const rows = await addNotifications(db, [
    { userId, kind: "announcement", title, message: `${title}!` },
  ]);
  await announceNotifications(rows);
  return rows;
}

describe("/ws/notifications", () => {
  it("refuses an upgrade without a session", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`ws://${base}/ws/notifications`, { origin: `http://${base}` });
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("open", () => reject(new Error("connection was accepted")));
      socket.on("error", () => {});
    });
    expect(status).toBe(401);
  });

  it("pushes a new notification to its own user's sockets only, with the unread count", async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const aliceTab = await connect(alice.cookie);
    const aliceOtherTab = await connect(alice.cookie);
    const bobTab = await connect(bob.cookie);

    await tell(alice.userId, "Older");
    const [fresh] = await tell(alice.userId, "Welcome");
    for (const tab of [aliceTab, aliceOtherTab]) {
      expect(await tab.next(3)).toMatchObject({
        type: "NOTIFICATIONS",
        data: {
          notifications: [{ id: fresh!.id, userId: alice.userId, title: "Welcome" }],
          unreadCount: 2,
        },
      });
    }

    // Bob's next message is his own notification: Alice's never reached him.
    await tell(bob.userId, "For Bob");
    expect(await bobTab.next(2)).toMatchObject({
      type: "NOTIFICATIONS",
      data: { notifications: [{ userId: bob.userId, title: "For Bob" }], unreadCount: 1 },
    });
    expect(bobTab.messages).toHaveLength(2);
    for (const tab of [aliceTab, aliceOtherTab, bobTab]) tab.socket.close(1000);
  });
});
