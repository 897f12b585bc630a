import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertSession, insertUser } from "../../factories";
import { startRetentionJob } from "~/jobs/retention.server";
import { db } from "~/services/db.server";

const DAY = 86_400_000;
let userId: number;

beforeAll(async () => {
  await migrateToLatest(db);
  userId = await insertUser(db, { username: "purged" });
});

/** A session row whose expiry is `offsetMs` from now (negative: already expired). */
async function sessionExpiring(offsetMs: number) {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const { id } = await insertSession(db, userId, {
    now: new Date(Date.now() - 8 * DAY),
    expires_at: at(Math.max(offsetMs, DAY)),
    idle_expires_at: at(offsetMs),
  });
  return id;
}

const exists = async (id: string) =>
  (await db.selectFrom("sessions").select("id").where("id", "=", id).executeTakeFirst()) !==
  undefined;

describe("the data retention job: expired sessions", () => {
  it("purges expired sessions as soon as it starts, and keeps live ones", async () => {
    const expired = await sessionExpiring(-DAY);
    const live = await sessionExpiring(DAY);
    const stop = startRetentionJob(); // hourly: only the pass at start runs here
    await expect.poll(() => exists(expired)).toBe(false);
    expect(await exists(live)).toBe(true);
    await stop();
  });

  it("purges again every interval until stopped, then no more", async () => {
    const stop = startRetentionJob({ intervalMs: 20 });
    const first = await sessionExpiring(-DAY);
    await expect.poll(() => exists(first)).toBe(false);
    const second = await sessionExpiring(-1);
    await expect.poll(() => exists(second)).toBe(false);
    await stop();

    const afterStop = await sessionExpiring(-DAY);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exists(afterStop)).toBe(true);
  });
});
