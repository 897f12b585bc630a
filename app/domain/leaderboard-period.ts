/**
 * Leaderboard periods as they appear in URLs. The desktop menu writes all_time and the mobile menu
 * all-time (spec §2); both mean the same period.
 */
export const LEADERBOARD_PERIODS = ["daily", "weekly", "monthly", "all_time"] as const;

export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** The period named by a `?period=` value; anything unknown or missing is daily. */
export function parseLeaderboardPeriod(value: string | null | undefined): LeaderboardPeriod {
  const normalised = value?.trim().toLowerCase().replace("-", "_");
  return LEADERBOARD_PERIODS.find((period) => period === normalised) ?? "daily";
}
