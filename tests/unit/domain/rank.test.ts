import { describe, expect, it } from "vitest";
import { RANKS, rankFor, rankProgress } from "~/domain/rank";

describe("rankFor", () => {
  it.each(RANKS.map((rank) => [rank.name, rank.threshold] as const))(
    "%s starts exactly at its threshold (%d)",
    (name, threshold) => {
      expect(rankFor(threshold).name).toBe(name);
    },
  );

  it.each(
    RANKS.slice(1).map((rank, index) => [RANKS[index]?.name, rank.threshold - 0.01] as const),
  )("just below the next threshold is still %s", (name, amount) => {
    expect(rankFor(amount).name).toBe(name);
  });

  it("is COPPER for nothing, negatives and non-numbers", () => {
    expect(rankFor(0).name).toBe("COPPER");
    expect(rankFor(-5).name).toBe("COPPER");
    expect(rankFor(Number.NaN).name).toBe("COPPER");
  });

  it("is DIAMOND far above the last threshold", () => {
    expect(rankFor(1e12).name).toBe("DIAMOND");
  });
});

describe("rankProgress", () => {
  it("is 0% at each threshold, with the next rank and what is left", () => {
    expect(rankProgress(10_000)).toEqual({
      current: RANKS[1],
      next: RANKS[2],
      percent: 0,
      remaining: 30_000,
    });
  });

  it("is the share of the way between two thresholds", () => {
    expect(rankProgress(5_000).percent).toBe(50);
    expect(rankProgress(85_000).percent).toBe(75);
    expect(rankProgress(275_000)).toMatchObject({ percent: 50, remaining: 175_000 });
  });

  it("is 100% at DIAMOND, which is its own next rank", () => {
    const progress = rankProgress(25_000_000);
    expect(progress.current.name).toBe("DIAMOND");
    expect(progress.next.name).toBe("DIAMOND");
    expect(progress.percent).toBe(100);
    expect(progress.remaining).toBe(0);
  });

  it("clamps negative amounts to 0%", () => {
    expect(rankProgress(-100).percent).toBe(0);
  });
});

describe("rankProgress at and between every threshold", () => {
  const pairs = RANKS.slice(0, -1).map((rank, index) => [rank, RANKS[index + 1]!] as const);

  it.each(pairs.map(([from, to]) => [from.name, to.name, from, to] as const))(
    "%s: 0%% at its threshold, 50%% halfway to %s, 100%% never before it",
    (_from, _to, from, to) => {
      expect(rankProgress(from.threshold)).toMatchObject({ current: from, next: to, percent: 0 });
      const halfway = (from.threshold + to.threshold) / 2;
      expect(rankProgress(halfway)).toMatchObject({
        current: from,
        percent: 50,
        remaining: to.threshold - halfway,
      });
      expect(rankProgress(to.threshold - 0.01).percent).toBeLessThan(100);
    },
  );

  it("DIAMOND at its threshold is 100% with nothing left", () => {
    expect(rankProgress(20_000_000)).toMatchObject({ percent: 100, remaining: 0 });
  });
});
