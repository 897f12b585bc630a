import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import type { Referral } from "~/domain/referral";
import { db } from "~/services/db.server";
import {
  leaderboardPage,
  leaderboardSummary,
  playerStanding,
} from "~/services/players/player-queries.server";
import { storeReferrals } from "~/services/players/player-store.server";

const now = new Date("2026-05-04T10:00:00.000Z");
const referral = (uid: string, name: string, today: number, allTime = today): Referral => ({
  uid,
  name,
  wagered: { today, this_week: today, this_month: today, all_time: allTime },
});

beforeAll(async () => {
  await migrateToLatest(db);
  await storeReferrals(
    [
      referral("u1", "Goat_King", 500),
      referral("u2", "GoatXKing", 400),
      referral("u3", "100%Degen", 300),
      referral("u4", "100xDegen", 200),
      referral("u5", "back\\slash", 100),
      referral("u6", "goat_queen", 50),
      referral("u7", "Sleeper", 0, 12_000),
      ...Array.from({ length: 20 }, (_, i) =>
        referral(`t${String(i).padStart(2, "0")}`, `Tail${i}`, 10),
      ),
    ],
    { now, isDemo: false },
  );
});

describe("leaderboardPage", () => {
  it("pages by 10 with ranks over the whole period, ties broken by uid", async () => {
    const first = await leaderboardPage({ period: "daily" });
    expect(first).toMatchObject({ totalPlayers: 26, periodPlayers: 26, page: 1, pageCount: 3 });
    expect(first.players.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const third = await leaderboardPage({ period: "daily", page: 3 });
    expect(third.players.map((p) => [p.rank, p.uid])).toEqual([
      [21, "t14"],
      [22, "t15"],
      [23, "t16"],
      [24, "t17"],
      [25, "t18"],
      [26, "t19"],
    ]);
  });

  it("clamps a page past the end to the last page, and below 1 to the first", async () => {
    expect((await leaderboardPage({ period: "daily", page: 99 })).page).toBe(3);
    expect((await leaderboardPage({ period: "daily", page: -4 })).page).toBe(1);
  });

  it("searches names case-insensitively and keeps each player's period rank", async () => {
    const found = await leaderboardPage({ period: "daily", search: "GOAT" });
    expect(found.players.map((p) => [p.rank, p.name])).toEqual([
      [1, "Goat_King"],
      [2, "GoatXKing"],
      [6, "goat_queen"],
    ]);
    expect(found.totalPlayers).toBe(3);
    // The search's matches, and the period's players they are counted against.
    expect(found).toMatchObject({ periodPlayers: 26, countCapped: false });
  });

  it("takes % and _ (and the escape character) literally", async () => {
    const underscore = await leaderboardPage({ period: "daily", search: "goat_" });
    expect(underscore.players.map((p) => p.name)).toEqual(["Goat_King", "goat_queen"]);
    const percent = await leaderboardPage({ period: "daily", search: "100%" });
    expect(percent.players.map((p) => p.name)).toEqual(["100%Degen"]);
    const backslash = await leaderboardPage({ period: "daily", search: "k\\s" });
    expect(backslash.players.map((p) => p.name)).toEqual(["back\\slash"]);
    expect((await leaderboardPage({ period: "daily", search: "%" })).totalPlayers).toBe(1);
  });

  it("leaves out players with nothing in the period", async () => {
    const daily = await leaderboardPage({ period: "daily", search: "Sleeper" });
    expect(daily.totalPlayers).toBe(0);
    const allTime = await leaderboardPage({ period: "all_time", search: "Sleeper" });
    expect(allTime.players).toMatchObject([{ rank: 1, name: "Sleeper", wagered: 12_000 }]);
  });
});

describe("playerStanding", () => {
  it("gives totals and the rank in every period, null where the total is 0", async () => {
    expect(await playerStanding("u7")).toMatchObject({
      name: "Sleeper",
      wagered: { today: 0, this_week: 0, this_month: 0, all_time: 12_000 },
      ranks: { daily: null, weekly: null, monthly: null, all_time: 1 },
    });
    expect((await playerStanding("t05"))?.ranks).toEqual({
      daily: 12,
      weekly: 12,
      monthly: 12,
      all_time: 13,
    });
  });

  it("is null for an unknown uid", async () => {
    expect(await playerStanding("nobody")).toBeNull();
  });
});

describe("leaderboardSummary", () => {
  it("counts players per period, sums all-time totals and lists each period's top", async () => {
    const summary = await leaderboardSummary(3);
    expect(summary).toMatchObject({
      totalWagered: 1550 + 12_000 + 200,
      activeByPeriod: { daily: 26, weekly: 26, monthly: 26, all_time: 27 },
    });
    expect(summary.top.daily.map((p) => [p.rank, p.uid])).toEqual([
      [1, "u1"],
      [2, "u2"],
      [3, "u3"],
    ]);
    expect(summary.top.all_time.map((p) => p.uid)).toEqual(["u7", "u1", "u2"]);
  });
});
