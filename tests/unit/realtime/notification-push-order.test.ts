import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { migrateToLatest } from "~db";
import { insertSession, insertUser } from "../../factories";
import { startRealtime } from "~/realtime/sockets.server";
import { db } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";
import type * as NotificationsModule from "~/services/notifications/notifications.server";
import { sessionCookieHeader } from "~/services/auth/sessions.server";

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

let server: Server;
let realtime: ReturnType<typeof startRealtime>;

beforeAll(async () => {
  await migrateToLatest(db);
  realtime = startRealtime({ publicOrigin: null, maxSocketsPerAddress: 50 });
  server = createServer((_req, res) => res.end());
  server.on("upgrade", realtime.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await realtime.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function tell(userId: number, title: string) {
  const rows = await addNotifications(db, [
    { userId, kind: "announcement", title, message: `${title}!` },
  ]);
  await announceNotifications(rows);
}

it("pushes a member's notifications in the order they were announced", async () => {
  const base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const userId = await insertUser(db);
  const { token } = await insertSession(db, userId);
  const cookie = (await sessionCookieHeader(token)).split(";")[0]!;
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
