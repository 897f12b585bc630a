import { describe, expect, it } from "vitest";
import {
  DEFAULT_ADMIN_SPLIT,
  distributionFromTopThree,
  MONTHLY_RACE_POOL_CENTS,
  MONTHLY_RACE_SHARES,
  parseDistribution,
  prizeTable,
  totalShare,
} from "~/domain/race-prizes";
import { rankStandings } from "~/domain/race-standings";

describe("prize split in cents", () => {
  it("pays the monthly race's $500 by the spec's shares, as published", () => {
    expect(
      prizeTable(MONTHLY_RACE_POOL_CENTS, MONTHLY_RACE_SHARES).map((row) => row.cents),
    ).toEqual([21250, 10000, 7500, 3750, 3000, 2000, 1375, 1125, 875, 875]);
    expect(totalShare(MONTHLY_RACE_SHARES)).toBe(103.5);
  });

  it("pays the admin default split of a $200 pool", () => {
    expect(prizeTable(20_000, DEFAULT_ADMIN_SPLIT).map((row) => row.cents)).toEqual([
      10000, 3000, 2000, 1000, 1000, 750, 750, 500, 500, 500,
    ]);
    expect(totalShare(DEFAULT_ADMIN_SPLIT)).toBe(100);
  });

  it("rounds each prize to the cent", () => {
    // 1.75% of $123.45 is $2.160375.
    expect(prizeTable(12_345, MONTHLY_RACE_SHARES)[9]?.cents).toBe(216);
  });

  it("pays nothing for positions the distribution leaves out", () => {
    expect(prizeTable(10_000, { 1: 100 }).map((row) => row.cents)).toEqual([
      10000, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });
});

describe("distributionFromTopThree", () => {
  it("gives the default split back for 50, 15, 10", () => {
    expect(distributionFromTopThree(50, 15, 10)).toEqual(DEFAULT_ADMIN_SPLIT);
  });

  it("shares the remainder among positions 4 to 10 like the default does", () => {
    const distribution = distributionFromTopThree(40, 20, 15);
    expect(distribution).not.toBeNull();
    expect(totalShare(distribution ?? {})).toBe(100);
    expect(distribution?.[4]).toBe(5);
    expect(distribution?.[10]).toBe(2.5);
  });

  it("refuses a top three above 100%", () => {
    expect(distributionFromTopThree(60, 30, 20)).toBeNull();
  });
});

describe("parseDistribution", () => {
  it("reads the stored JSON and ignores anything malformed", () => {
    expect(parseDistribution('{"1": 42.5, "2": 20}')).toEqual({ 1: 42.5, 2: 20 });
    expect(parseDistribution('{"x": 1, "3": "ten"}')).toEqual({});
    expect(parseDistribution("not json")).toEqual({});
  });
});

describe("rankStandings", () => {
  it("keeps wagers above 0 and at least the minimum, highest first, numbered", () => {
    const standings = rankStandings(
      [
        { uid: "a", name: "Alpha", wager: 50 },
        { uid: "b", name: "Bravo", wager: 0 },
        { uid: "c", name: "Charlie", wager: 500 },
        { uid: "d", name: "Delta", wager: 99.99 },
        { uid: "e", name: "Echo", wager: 100 },
      ],
      100,
    );
    expect(standings.map((s) => [s.position, s.name])).toEqual([
      [1, "Charlie"],
      [2, "Echo"],
    ]);
  });
});
