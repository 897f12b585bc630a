import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertUser } from "../../factories";
import { db } from "~/services/db.server";
import { linkedPlayerUid, totalWageredOfUser } from "~/services/auth/users.server";

const now = "2026-11-21T12:00:00.000Z";
const user = (username: string, goatedId: string | null) =>
  insertUser(db, { username, created_at: now, goated_id: goatedId });

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("a user's linked player", () => {
  it("is the player whose uid is the user's goated_id, never one of the same name", async () => {
    await insertPlayer(db, { uid: "1", name: "GoatKing", all_time: 150_000.5 });
    await insertPlayer(db, { uid: "2", name: "Kid", all_time: 20 });
    const linked = await user("linked", "1");
    const namesake = await user("Kid", null);
    expect(await linkedPlayerUid(linked)).toBe("1");
    expect(await linkedPlayerUid(namesake)).toBeNull();
    expect(await totalWageredOfUser(linked)).toBeCloseTo(150_000.5, 6);
    expect(await totalWageredOfUser(namesake)).toBe(0);
    expect(await totalWageredOfUser(await user("unknown", "no-such-uid"))).toBe(0);
  });
});
