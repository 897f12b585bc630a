import { afterAll, beforeAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { listenRealtime } from "./realtime-server";
import { insertSession, insertUser } from "../../factories";
import { db } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";
import type * as NotificationsModule from "~/services/notifications/notifications.server";
import { signedInCookie } from "../session-cookie";

// Two notifications announced one after the other reach the member in that order, however long
// each push's unread-count read takes (on PostgreSQL's pool two reads finished out of order and
// the older notification arrived last): the first read here is held until well after the second
// notification is announced.

const unreadCountCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/services/notifications/notifications.server", async (importOriginal) => {
  const original = await importOriginal<typeof NotificationsModule>();
  return {
    ...original,
    unreadCounts: async (userIds: readonly number[]) => {
      unreadCountCalls.count += 1;
      if (unreadCountCalls.count === 1) await new Promise((resolve) => setTimeout(resolve, 300));
      return original.unreadCounts(userIds);
    },
  };
});

let realtime: Awaited<ReturnType<typeof listenRealtime>>;

beforeAll(async () => {
  realtime = await listenRealtime();
});

afterAll(() => realtime.close());

async function tell(userId: number, title: string) {
  const rows = await addNotifications(db, [
    { userId, kind: "announcement", title, message: `${title}!` },
  ]);
  await announceNotifications(rows);
}

it("pushes a member's notifications in the order they were announced", async () => {
  const base = realtime.host;
  const userId = await insertUser(db);
  const { token } = await insertSession(db, userId);
  const cookie = await signedInCookie(token);
  const socket = new WebSocket(`ws://${base}/ws/notifications`, {
    origin: `http://${base}`,
    headers: { Cookie: cookie },
  });
  const titles: string[] = [];
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString()) as {
      type: string;
      data?: { notifications: Array<{ title: string }>; unreadCount: number };
    };
    if (message.type === "NOTIFICATIONS") {
      titles.push(...(message.data?.notifications.map((n) => n.title) ?? []));
    }
  });
  await new Promise((resolve) => socket.once("open", resolve));

  await tell(userId, "First");
  await tell(userId, "Second");
  await expect.poll(() => titles.length, { timeout: 5_000 }).toBe(2);
  expect(titles).toEqual(["First", "Second"]);
  socket.close(1000);
});
