import { describe, expect, it } from "vitest";
import { parseLeaderboardPeriod } from "~/domain/leaderboard-period";

describe("parseLeaderboardPeriod", () => {
  it.each([
    ["daily", "daily"],
    ["weekly", "weekly"],
    ["monthly", "monthly"],
    ["all_time", "all_time"],
    ["all-time", "all_time"],
    ["ALL-TIME", "all_time"],
    [" monthly ", "monthly"],
    ["yearly", "daily"],
    ["", "daily"],
    [null, "daily"],
    [undefined, "daily"],
  ])("%j is %s", (input, expected) => {
    expect(parseLeaderboardPeriod(input)).toBe(expected);
  });
});
