import { describe, expect, it } from "vitest";
import { mvpPulses, mvpPulsing, playerCountText } from "~/domain/leaderboard";
import type { LeaderboardSnapshot, RankedPlayer } from "~/domain/leaderboard";

describe("mvpPulsing", () => {
  const changedAt = "2026-05-01T12:00:00.000Z";
  it("pulses for 10 s after the change", () => {
    expect(mvpPulsing(changedAt, new Date("2026-05-01T12:00:00.000Z"))).toBe(true);
    expect(mvpPulsing(changedAt, new Date("2026-05-01T12:00:09.999Z"))).toBe(true);
    expect(mvpPulsing(changedAt, new Date("2026-05-01T12:00:10.000Z"))).toBe(false);
  });
  it("does not pulse for a change in the future (clock skew)", () => {
    expect(mvpPulsing(changedAt, new Date("2026-05-01T11:59:59.000Z"))).toBe(false);
  });
});

describe("mvpPulses", () => {
  it("gives each period's MVP change time while it pulses, else null", () => {
    const mvp = (wagerChangedAt: string | null) => [{ wagerChangedAt } as RankedPlayer];
    const top = {
      daily: mvp("2026-05-01T12:00:00.000Z"),
      weekly: mvp("2026-05-01T11:00:00.000Z"),
      monthly: [],
      all_time: mvp("2026-05-01T12:00:00.000Z"),
    } as LeaderboardSnapshot["top"];
    expect(mvpPulses(top, new Date("2026-05-01T12:00:05.000Z"))).toEqual({
      daily: "2026-05-01T12:00:00.000Z",
      weekly: null,
      monthly: null,
    });
    expect(mvpPulses(top, new Date("2026-05-01T12:00:10.000Z")).daily).toBeNull();
  });
});

describe("playerCountText", () => {
  it("counts the period's players, and a search's matches of them", () => {
    const count = { matches: 1309, periodPlayers: 1309 };
    expect(playerCountText({ searching: false, ...count })).toBe("Total players: 1,309");
    expect(playerCountText({ searching: true, matches: 49, periodPlayers: 1309 })).toBe(
      "49 matches of 1,309 players",
    );
    expect(playerCountText({ searching: true, matches: 1, periodPlayers: 1 })).toBe(
      "1 match of 1 player",
    );
    expect(
      playerCountText({ searching: true, matches: 1000, periodPlayers: 5000, countCapped: true }),
    ).toBe("1,000+ matches of 5,000 players");
  });
});
