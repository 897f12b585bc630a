import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser } from "../../factories";
import { INBOX_PAGE_SIZE } from "~/domain/notifications";
import { db } from "~/services/db.server";
import {
  addNotifications,
  findNotification,
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
  unreadCounts,
} from "~/services/notifications/notifications.server";

const T0 = new Date("2026-11-20T10:00:00.000Z");
const minutesLater = (n: number) => new Date(T0.getTime() + n * 60_000);

let reader = 0;
let other = 0;

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("notifications").execute();
  reader = await insertUser(db);
  other = await insertUser(db);
});

/** One announcement for `userId` at `at`; its id. */
async function tell(userId: number, title: string, at: Date): Promise<number> {
  const [row] = await addNotifications(
    db,
    [{ userId, kind: "announcement", title, message: `${title} message` }],
    at,
  );
  return row!.id;
}

describe("the inbox", () => {
  it("lists the user's own notifications newest first, ties by newest id, paged", async () => {
    await tell(reader, "first", minutesLater(0));
    await tell(other, "someone else's", minutesLater(1));
    await tell(reader, "second", minutesLater(2));
    await tell(reader, "third", minutesLater(2));
    const inbox = await listNotifications(reader, null);
    expect(inbox.notifications.map((n) => n.title)).toEqual(["third", "second", "first"]);
    expect(inbox).toMatchObject({ total: 3, unread: 3, window: { page: 1, totalPages: 1 } });

    for (let i = 0; i < INBOX_PAGE_SIZE; i += 1) await tell(reader, `more ${i}`, minutesLater(10));
    const page2 = await listNotifications(reader, "2");
    expect(page2.window).toMatchObject({ page: 2, totalPages: 2 });
    expect(page2.notifications.map((n) => n.title)).toEqual(["third", "second", "first"]);
  });

  it("counts unread notifications per user, one user or several at once", async () => {
    await tell(reader, "a", T0);
    await tell(reader, "b", T0);
    await tell(other, "c", T0);
    expect(await unreadCount(reader)).toBe(2);
    const nobody = await insertUser(db);
    expect(await unreadCounts([reader, other, nobody])).toEqual(
      new Map([
        [reader, 2],
        [other, 1],
        [nobody, 0],
      ]),
    );
  });

  it("marks read only the user's own notification, keeping the first read time", async () => {
    const mine = await tell(reader, "mine", T0);
    const theirs = await tell(other, "theirs", T0);
    expect(await markRead(reader, theirs, minutesLater(1))).toBe(false);
    expect((await findNotification(other, theirs))?.readAt).toBeNull();
    expect(await findNotification(reader, theirs)).toBeNull();

    expect(await markRead(reader, mine, minutesLater(1))).toBe(true);
    expect(await markRead(reader, mine, minutesLater(5))).toBe(true);
    expect((await findNotification(reader, mine))?.readAt).toBe(minutesLater(1).toISOString());
    expect(await unreadCount(reader)).toBe(0);
    expect(await unreadCount(other)).toBe(1);
  });

  it("marks all of the user's notifications read, and nobody else's", async () => {
    await tell(reader, "a", T0);
    await tell(reader, "b", T0);
    await tell(other, "c", T0);
    expect(await markAllRead(reader, minutesLater(1))).toBe(2);
    expect(await markAllRead(reader, minutesLater(2))).toBe(0);
    expect(await unreadCount(reader)).toBe(0);
    expect(await unreadCount(other)).toBe(1);
    const inbox = await listNotifications(reader, null);
    expect(inbox.notifications.every((n) => n.readAt === minutesLater(1).toISOString())).toBe(true);
  });

  it("adds more notifications at once than one statement may carry", async () => {
    const many = Array.from({ length: 6000 }, (_, i) => ({
      userId: i % 2 === 0 ? reader : other,
      kind: "announcement" as const,
      title: `n${i}`,
      message: "m",
    }));
    const rows = await addNotifications(db, many, T0);
    expect(rows).toHaveLength(6000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(6000);
    expect(await unreadCount(reader)).toBe(3000);
  });
});
