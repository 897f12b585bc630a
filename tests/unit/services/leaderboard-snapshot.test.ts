import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { leaderboardSnapshot } from "~/services/players/leaderboard-snapshot.server";
import { insertPlayer } from "../../factories";

async function recordSuccessfulSync(finishedAt: string) {
  await db
    .insertInto("sync_runs")
    .values({
      source: "provider",
      started_at: finishedAt,
      finished_at: finishedAt,
      outcome: "success",
      players_count: 1,
    })
    .execute();
}

beforeAll(async () => {
  await migrateToLatest(db);
  await insertPlayer(db, { uid: "snap-1", name: "Snapshot One", today: 50, all_time: 500 });
  await recordSuccessfulSync("2026-11-27T10:00:00.000Z");
});

describe("the home page's leaderboard snapshot", () => {
  it("is computed once per successful sync: the players change only when one stores them", async () => {
    const first = await leaderboardSnapshot();
    expect(first.top.daily).toMatchObject([{ uid: "snap-1", wagered: 50 }]);
    expect(first.lastUpdated).toBe("2026-11-27T10:00:00.000Z");

    await insertPlayer(db, { uid: "snap-2", name: "Snapshot Two", today: 80, all_time: 800 });
    // The same sync's data: the kept snapshot, without its four top 10s and totals read again.
    expect(await leaderboardSnapshot()).toBe(first);

    await recordSuccessfulSync("2026-11-27T10:05:00.000Z");
    const next = await leaderboardSnapshot();
    expect(next.top.daily.map((player) => player.uid)).toEqual(["snap-2", "snap-1"]);
    expect(next.totalWagered).toBe(1300);
    expect(next.lastUpdated).toBe("2026-11-27T10:05:00.000Z");
  });
});
