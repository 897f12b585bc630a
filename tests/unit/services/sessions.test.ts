import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertSession, insertUser } from "../../factories";
import { db } from "~/services/db.server";
import { eventBus } from "~/server/domain-event-bus.server";
import { sessionCookie } from "~/http/cookies.server";
import { findSessionUser, purgeExpiredSessions } from "~/services/auth/sessions.server";

const HOUR = 3_600_000;
const now = new Date("2026-11-21T12:00:00.000Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

let userId: number;
beforeAll(async () => {
  await migrateToLatest(db);
  userId = await insertUser(db, { username: "GoatKing", is_admin: 1, created_at: at(-HOUR) });
});

async function sessionWithToken(expires: { absolute: number; idle: number }) {
  const { token } = await insertSession(db, userId, {
    now: new Date(now.getTime() - HOUR),
    expires_at: at(expires.absolute),
    idle_expires_at: at(expires.idle),
  });
  return sessionCookie.serialize(token);
}

const cookieHeader = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("findSessionUser", () => {
  it("finds the user of a live session", async () => {
    const cookie = await sessionWithToken({ absolute: HOUR, idle: HOUR });
    expect(await findSessionUser(cookieHeader(cookie), now)).toMatchObject({
      userId,
      username: "GoatKing",
      isAdmin: true,
    });
  });

  it("refuses sessions past their absolute or idle expiry", async () => {
    const absolute = await sessionWithToken({ absolute: -1, idle: HOUR });
    const idle = await sessionWithToken({ absolute: HOUR, idle: -1 });
    expect(await findSessionUser(cookieHeader(absolute), now)).toBeNull();
    expect(await findSessionUser(cookieHeader(idle), now)).toBeNull();
  });

  it("refuses unknown tokens, empty cookies and no cookie", async () => {
    const unknown = await sessionCookie.serialize("not-a-real-token");
    expect(await findSessionUser(cookieHeader(unknown), now)).toBeNull();
    expect(await findSessionUser("", now)).toBeNull();
    expect(await findSessionUser(null, now)).toBeNull();
  });
});

describe("purgeExpiredSessions", () => {
  it("deletes sessions past their absolute or idle expiry, in batches, and keeps live ones", async () => {
    await db.deleteFrom("sessions").execute();
    const live = await sessionWithToken({ absolute: HOUR, idle: HOUR });
    await sessionWithToken({ absolute: -1, idle: HOUR });
    await sessionWithToken({ absolute: HOUR, idle: -1 });
    await sessionWithToken({ absolute: HOUR, idle: 0 }); // expires at this very instant
    await sessionWithToken({ absolute: -HOUR, idle: -HOUR });
    const ended: string[] = [];
    const unsubscribe = eventBus.subscribe("sessions.ended", ({ sessionIds }) =>
      ended.push(...sessionIds),
    );
    try {
      expect(await purgeExpiredSessions(now, { batchSize: 2 })).toBe(4);
    } finally {
      unsubscribe();
    }
    const left = await db.selectFrom("sessions").select("id").execute();
    expect(left).toHaveLength(1);
    expect(await findSessionUser(cookieHeader(live), now)).toMatchObject({ userId });
    // Their sockets are closed as for a sign-out.
    expect(ended).toHaveLength(4);
    expect(ended).not.toContain(left[0]?.id);
    expect(await purgeExpiredSessions(now)).toBe(0);
  });
});
