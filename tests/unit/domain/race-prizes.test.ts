import { describe, expect, it } from "vitest";
import {
  DEFAULT_ADMIN_SPLIT,
  distributionFromTopThree,
  MONTHLY_RACE_POOL_CENTS,
  MONTHLY_RACE_SHARES,
  parseDistribution,
  prizeTable,
  splitPool,
  totalShare,
} from "~/domain/race-prizes";
import { rankStandings } from "~/domain/race-standings";

/** A reproducible stream of numbers in [0, 1), so a failure names the case that failed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const sum = (cents: number[]) => cents.reduce((total, cent) => total + cent, 0);

describe("splitPool: prizes in cents that add up to the pool", () => {
  it("pays the monthly race exactly $500: the spec's 103.5% scaled to 100%, leftover to first", () => {
    const cents = splitPool(MONTHLY_RACE_POOL_CENTS, MONTHLY_RACE_SHARES);
    // 20/103.5 of $500 is $96.618...: rounded down to $96.61, and so on; the 5 cents the rounding
    // leaves over go to first place ($205.314... + $0.05).
    expect(cents).toEqual([20536, 9661, 7246, 3623, 2898, 1932, 1328, 1086, 845, 845]);
    expect(sum(cents)).toBe(MONTHLY_RACE_POOL_CENTS);
  });

  it("leaves a split of 100% as it is when it divides the pool to the cent", () => {
    expect(splitPool(20_000, DEFAULT_ADMIN_SPLIT)).toEqual([
      10000, 3000, 2000, 1000, 1000, 750, 750, 500, 500, 500,
    ]);
    expect(totalShare(DEFAULT_ADMIN_SPLIT)).toBe(100);
  });

  it("gives the cent three equal shares cannot split to first place", () => {
    expect(splitPool(10_000, { 1: 33.33, 2: 33.33, 3: 33.33 }).slice(0, 3)).toEqual([
      3334, 3333, 3333,
    ]);
  });

  it("gives the leftover to the first position that is paid", () => {
    expect(splitPool(100, { 2: 50, 3: 25, 4: 25 }).slice(0, 4)).toEqual([0, 50, 25, 25]);
    expect(splitPool(1_000, { 2: 1, 3: 1, 4: 1 }).slice(0, 4)).toEqual([0, 334, 333, 333]);
  });

  it("pays nothing for positions the distribution leaves out, and nothing without shares", () => {
    expect(splitPool(10_000, { 1: 100 })).toEqual([10000, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(splitPool(10_000, {})).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("always adds up to the pool, in whole cents, none negative, first leftover below 10 cents", () => {
    const next = seeded(32);
    for (let run = 0; run < 500; run += 1) {
      const poolCents = 100 + Math.floor(next() * 1_000_000_000);
      const distribution: Record<number, number> = {};
      for (let position = 1; position <= 10; position += 1) {
        if (next() < 0.8) distribution[position] = Math.round(next() * 4_000) / 100;
      }
      const cents = splitPool(poolCents, distribution);
      if (totalShare(distribution) === 0) continue;
      const context = JSON.stringify({ poolCents, distribution });
      expect(sum(cents), context).toBe(poolCents);
      expect(
        cents.every((cent) => Number.isInteger(cent) && cent >= 0),
        context,
      ).toBe(true);
      const first = cents.findIndex((_, i) => (distribution[i + 1] ?? 0) > 0);
      const exact = (poolCents * (distribution[first + 1] ?? 0)) / totalShare(distribution);
      expect((cents[first] ?? 0) - exact, context).toBeLessThan(10);
    }
  });

  it("lists each position's share scaled to 100% beside its prize", () => {
    const table = prizeTable(MONTHLY_RACE_POOL_CENTS, MONTHLY_RACE_SHARES);
    expect(table[0]).toEqual({ position: 1, share: 41.06, cents: 20536 });
    expect(table[9]).toEqual({ position: 10, share: 1.69, cents: 845 });
    expect(prizeTable(20_000, DEFAULT_ADMIN_SPLIT)[0]).toEqual({
      position: 1,
      share: 50,
      cents: 10000,
    });
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
