import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../../db";
import { db } from "~/services/db.server";
import { totalWageredByCommunity, totalWageredOfUser } from "~/services/player-wagers.server";

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

async function user(username: string, goatedUsername: string | null) {
  const row = await db
    .insertInto("users")
    .values({ username, password_hash: "x", created_at: now, goated_username: goatedUsername })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("player wagers", () => {
  it("the community total is 0 with no players, then the sum of all-time wagers", async () => {
    expect(await totalWageredByCommunity()).toBe(0);
    await db
      .insertInto("players")
      .values([player("1", "GoatKing", 150_000.5), player("2", "Kid", 20)])
      .execute();
    expect(await totalWageredByCommunity()).toBeCloseTo(150_020.5, 6);
  });

  it("a user's total is their linked player's all-time wager, else 0", async () => {
    expect(await totalWageredOfUser(await user("linked", "GoatKing"))).toBeCloseTo(150_000.5, 6);
    expect(await totalWageredOfUser(await user("unlinked", null))).toBe(0);
    expect(await totalWageredOfUser(await user("unknown", "NoSuchPlayer"))).toBe(0);
  });
});
