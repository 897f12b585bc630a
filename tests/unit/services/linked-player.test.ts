import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { linkedPlayerUid, totalWageredOfUser } from "~/services/users.server";

const now = "2026-11-21T12:00:00.000Z";
const player = (uid: string, name: string, allTime: number) => ({
  uid,
  name,
  today: 0,
  this_week: 0,
  this_month: 0,
  all_time: allTime,
  updated_at: now,
  wager_changed_at: now,
});

async function user(username: string, goatedId: string | null) {
  const row = await db
    .insertInto("users")
    .values({ username, password_hash: "x", created_at: now, goated_id: goatedId })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("a user's linked player", () => {
  it("is the player whose uid is the user's goated_id, never one of the same name", async () => {
    await db
      .insertInto("players")
      .values([player("1", "GoatKing", 150_000.5), player("2", "Kid", 20)])
      .execute();
    const linked = await user("linked", "1");
    const namesake = await user("Kid", null);
    expect(await linkedPlayerUid(linked)).toBe("1");
    expect(await linkedPlayerUid(namesake)).toBeNull();
    expect(await totalWageredOfUser(linked)).toBeCloseTo(150_000.5, 6);
    expect(await totalWageredOfUser(namesake)).toBe(0);
    expect(await totalWageredOfUser(await user("unknown", "no-such-uid"))).toBe(0);
  });
});
