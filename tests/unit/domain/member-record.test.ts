import { describe, expect, it } from "vitest";
import { memberRecord, ranksReached } from "~/domain/member-record";
import type { RaceFinish } from "~/domain/member-record";

const finish = (raceId: number, endDate: string, position: number, prizeCents: number) =>
  ({
    raceId,
    title: `Race ${raceId}`,
    endDate,
    position,
    wager: 1000.004999,
    prizeCents,
  }) satisfies RaceFinish;

describe("a member's race record", () => {
  it("is COPPER with zeros and empty lists without races or wager", () => {
    expect(memberRecord({ allTimeWagered: 0, finishes: [], rankReachedAt: {} })).toEqual({
      currentTier: "COPPER",
      bestRank: 0,
      races: { participated: 0, won: 0, totalPrizes: 0 },
      achievements: [],
      history: [],
    });
  });

  it("counts races, wins and prizes in dollars; best finish; history newest first", () => {
    const record = memberRecord({
      allTimeWagered: 45_000,
      finishes: [
        finish(1, "2026-09-01T00:00:00.000Z", 5, 2_000),
        finish(3, "2026-11-01T00:00:00.000Z", 1, 21_250),
        finish(2, "2026-10-01T00:00:00.000Z", 2, 10_001),
      ],
      rankReachedAt: { BRONZE: "2026-08-01T00:00:00.000Z" },
    });
    expect(record.currentTier).toBe("SILVER");
    expect(record.bestRank).toBe(1);
    expect(record.races).toEqual({ participated: 3, won: 1, totalPrizes: 332.51 });
    expect(record.history.map((h) => [h.raceId, h.position, h.prize, h.wager])).toEqual([
      [3, 1, 212.5, 1000],
      [2, 2, 100.01, 1000],
      [1, 5, 20, 1000],
    ]);
    expect(record.achievements).toEqual([
      {
        id: "first-race",
        title: "First Race",
        description: "Joined a wager race: Race 1",
        achievedAt: "2026-09-01T00:00:00.000Z",
      },
      {
        id: "first-podium",
        title: "First Podium",
        description: "Finished #2 in Race 2",
        achievedAt: "2026-10-01T00:00:00.000Z",
      },
      {
        id: "rank-bronze",
        title: "Bronze Rank",
        description: "Reached Bronze with $10,000 wagered",
        achievedAt: "2026-08-01T00:00:00.000Z",
      },
      {
        id: "rank-silver",
        title: "Silver Rank",
        description: "Reached Silver with $40,000 wagered",
        achievedAt: null,
      },
    ]);
  });

  it("lists the ranks above COPPER up to the current one", () => {
    expect(ranksReached(9_999.99)).toEqual([]);
    expect(ranksReached(20_000_000).map((r) => r.name)).toEqual([
      "BRONZE",
      "SILVER",
      "GOLD",
      "PLATINUM",
      "PEARL",
      "SAPPHIRE",
      "EMERALD",
      "DIAMOND",
    ]);
  });
});
