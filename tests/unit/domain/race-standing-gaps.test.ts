import { describe, expect, it } from "vitest";
import { MONTHLY_RACE_POOL_CENTS, MONTHLY_RACE_SHARES, splitPool } from "~/domain/race-prizes";
import { rankStandings, standingGaps } from "~/domain/race-standings";
import type { Standing } from "~/domain/race-standings";

// Fourteen players, 1,000 dollars apart from 14,000 down to 1,000, plus one cent of float noise
// on the 11th, as the provider's totals carry it.
const standings: Standing[] = rankStandings(
  Array.from({ length: 14 }, (_, i) => ({
    uid: `u${i + 1}`,
    name: `Player ${String(i + 1).padStart(2, "0")}`,
    wager: i === 10 ? 3_000.004999999 : (14 - i) * 1_000,
  })),
  1,
);
const monthly = splitPool(MONTHLY_RACE_POOL_CENTS, MONTHLY_RACE_SHARES);
const at = (position: number) => standings[position - 1] as Standing;

describe("standingGaps", () => {
  it("gives the least whole-cent wager past the place above and past the last paid place", () =>
    // #14 (1,000) behind #13 (2,000) and #10 (5,000).
    expect(standingGaps(standings, at(14), monthly)).toEqual({
      gapToNextCents: 100_001,
      gapToPaidCents: 400_001,
    }));

  it("works in cents: a wager's float noise is rounded away", () =>
    // #11 wagered 3,000.004999999: 3,000.00 in cents, 2,000.00 + 1 cent behind #10.
    expect(standingGaps(standings, at(11), monthly)).toEqual({
      gapToNextCents: 200_001,
      gapToPaidCents: 200_001,
    }));

  it("says 0 to the prizes for a paid place, and null above first place", () => {
    expect(standingGaps(standings, at(10), monthly)).toEqual({
      gapToNextCents: 100_001,
      gapToPaidCents: 0,
    });
    expect(standingGaps(standings, at(1), monthly)).toEqual({
      gapToNextCents: null,
      gapToPaidCents: 0,
    });
  });

  it("puts a tie 1 cent apart: the place above holds it by name", () => {
    const tied = rankStandings(
      [
        { uid: "a", name: "Alpha", wager: 500 },
        { uid: "b", name: "Bravo", wager: 500 },
      ],
      1,
    );
    expect(standingGaps(tied, tied[1] as Standing, [1_000])).toEqual({
      gapToNextCents: 1,
      gapToPaidCents: 1,
    });
  });

  it("follows the race's own split: its last paid place, or none when it pays nobody", () => {
    // A race paying its top 3 only: #5 (10,000) is 2,000 + 1 cent behind #3 (12,000).
    expect(standingGaps(standings, at(5), [600, 300, 100, 0, 0, 0, 0, 0, 0, 0])).toEqual({
      gapToNextCents: 100_001,
      gapToPaidCents: 200_001,
    });
    expect(standingGaps(standings, at(5), Array(10).fill(0))).toEqual({
      gapToNextCents: 100_001,
      gapToPaidCents: null,
    });
  });

  it("counts everyone in the prizes while fewer players than paid places are in", () => {
    const few = standings.slice(0, 4);
    expect(standingGaps(few, at(4), monthly).gapToPaidCents).toBe(0);
  });
});
