import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../../db";
import { db } from "~/services/db.server";
import { totalWageredOfUser } from "~/services/player-wagers.server";

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

describe("player wagers", () => {
  it("a user's total is their linked player's all-time wager, else 0", async () => {
    await db
      .insertInto("players")
      .values([player("1", "GoatKing", 150_000.5), player("2", "Kid", 20)])
      .execute();
    expect(await totalWageredOfUser(await user("linked", "1"))).toBeCloseTo(150_000.5, 6);
    expect(await totalWageredOfUser(await user("unlinked", null))).toBe(0);
    expect(await totalWageredOfUser(await user("unknown", "no-such-uid"))).toBe(0);
  });
});
