import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertSession, insertUser } from "../../factories";
import { db } from "~/services/db.server";
import { createSession, findRequestUser } from "~/services/auth/sessions.server";

// Daily active users (the admin analytics) come from one row per user per UTC day on which one of
// their sessions was used, written where the session's activity is touched.

const MINUTE = 60_000;
const morning = new Date("2026-11-21T08:00:00.000Z");

async function activityDays(userId: number): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    select day from user_activity_days where user_id = ${userId} order by day
  `.execute(db);
  return rows.map((row) => row.day);
}

const bearer = (token: string) =>
  new Request("http://localhost/", { headers: { Authorization: `Bearer ${token}` } });

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("a user's active days", () => {
  it("records the day a session is used, once per day however often it is used", async () => {
    const userId = await insertUser(db);
    const { token } = await insertSession(db, userId, {
      now: new Date("2026-11-19T22:00:00.000Z"),
    });
    for (const minutes of [0, 1, 30, 90]) {
      await findRequestUser(bearer(token), new Date(morning.getTime() + minutes * MINUTE));
    }
    expect(await activityDays(userId)).toEqual(["2026-11-21"]);

    // Another session of the same user on the same day adds nothing; the next day adds a row.
    const second = await insertSession(db, userId, { now: new Date("2026-11-20T10:00:00.000Z") });
    await findRequestUser(bearer(second.token), morning);
    await findRequestUser(bearer(token), new Date("2026-11-22T00:00:05.000Z"));
    expect(await activityDays(userId)).toEqual(["2026-11-21", "2026-11-22"]);
  });

  it("counts signing in as activity", async () => {
    const userId = await insertUser(db);
    await createSession({ userId, userAgent: "vitest", ip: "127.0.0.1" }, morning);
    expect(await activityDays(userId)).toEqual(["2026-11-21"]);
  });

  it("records nothing for a request without a live session", async () => {
    const before = await sql<{ n: number }>`select count(*) as n from user_activity_days`.execute(
      db,
    );
    expect(await findRequestUser(bearer("no-such-token"), morning)).toBeNull();
    const after = await sql<{ n: number }>`select count(*) as n from user_activity_days`.execute(
      db,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});
