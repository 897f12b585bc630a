// wager_snapshots.uid names a stored player on both engines: SQLite's foreign key, PostgreSQL's
// per-statement checks (migration 0023, docs/decisions/0047). The same rules, whichever holds them.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { insertPlayer, uniqueName } from "../../factories";

const snapshotsOf = (uids: string[]) =>
  db
    .selectFrom("wager_snapshots")
    .select(["uid", "all_time"])
    .where("uid", "in", uids)
    .orderBy("uid")
    .orderBy("all_time")
    .execute();

beforeAll(() => migrateToLatest(db));

describe("a wager snapshot's player", () => {
  it("must be stored: a statement with one snapshot of an unknown player writes none of its rows", async () => {
    const known = await insertPlayer(db);
    const unknown = uniqueName("nobody");
    await expect(
      db
        .insertInto("wager_snapshots")
        .values([
          { uid: known, taken_at: "2026-11-01T00:00:00.000Z", all_time: 10 },
          { uid: unknown, taken_at: "2026-11-01T00:00:00.000Z", all_time: 20 },
        ])
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    expect(await snapshotsOf([known, unknown])).toEqual([]);

    // Moving a snapshot to an unknown player is refused the same way.
    await db
      .insertInto("wager_snapshots")
      .values({ uid: known, taken_at: "2026-11-02T00:00:00.000Z", all_time: 30 })
      .execute();
    await expect(
      db.updateTable("wager_snapshots").set({ uid: unknown }).where("uid", "=", known).execute(),
    ).rejects.toThrow(/foreign key/i);
    expect(await snapshotsOf([known])).toEqual([{ uid: known, all_time: 30 }]);
  });

  it("takes its snapshots along when deleted, and leaves everyone else's", async () => {
    const [gone, alsoGone, stays] = await Promise.all(
      [1, 2, 3].map((n) =>
        insertPlayer(db, {
          snapshots: [
            ["2026-11-01T00:00:00.000Z", n],
            ["2026-11-02T00:00:00.000Z", n * 10],
          ],
        }),
      ),
    );
    await db.deleteFrom("players").where("uid", "in", [gone!, alsoGone!]).execute();
    expect(await snapshotsOf([gone!, alsoGone!, stays!])).toEqual([
      { uid: stays, all_time: 3 },
      { uid: stays, all_time: 30 },
    ]);
  });

  it("keeps their uid while snapshots name it; a player without any may change it", async () => {
    const named = await insertPlayer(db, { snapshots: [["2026-11-01T00:00:00.000Z", 5]] });
    await expect(
      db
        .updateTable("players")
        .set({ uid: uniqueName("renamed") })
        .where("uid", "=", named)
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    expect(await snapshotsOf([named])).toEqual([{ uid: named, all_time: 5 }]);

    const bare = await insertPlayer(db);
    const renamed = uniqueName("renamed");
    await db.updateTable("players").set({ uid: renamed }).where("uid", "=", bare).execute();
    expect(
      await db.selectFrom("players").select("uid").where("uid", "=", renamed).execute(),
    ).toHaveLength(1);
  });
});
