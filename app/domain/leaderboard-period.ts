/**
 * Leaderboard periods: the one place for each period's names. The key is the `?period=` value the
 * desktop menu writes; the mobile menu writes all-time for all_time (docs/product.md §P2), and
 * both mean the same period.
 */
export const LEADERBOARD_PERIODS = ["daily", "weekly", "monthly", "all_time"] as const;

export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export interface PeriodNames {
  /** What pages call it: tabs, menus, captions. */
  label: string;
  /** The players column (and provider field) that holds the period's total. */
  column: "today" | "this_week" | "this_month" | "all_time";
  /** Its key in the affiliate stats API's `data`. */
  apiKey: "today" | "weekly" | "monthly" | "all_time";
  /** The `?period=` value of the mobile menu's link. */
  mobileUrlValue: string;
}

export const PERIOD_NAMES = {
  daily: { label: "Daily", column: "today", apiKey: "today", mobileUrlValue: "daily" },
  weekly: { label: "Weekly", column: "this_week", apiKey: "weekly", mobileUrlValue: "weekly" },
  monthly: {
    label: "Monthly",
    column: "this_month",
    apiKey: "monthly",
    mobileUrlValue: "monthly",
  },
  all_time: {
    label: "All Time",
    column: "all_time",
    apiKey: "all_time",
    mobileUrlValue: "all-time",
  },
} as const satisfies Record<LeaderboardPeriod, PeriodNames>;

/** The period named by a `?period=` value; anything unknown or missing is daily. */
export function parseLeaderboardPeriod(value: string | null | undefined): LeaderboardPeriod {
  const normalised = value?.trim().toLowerCase().replace("-", "_");
  return LEADERBOARD_PERIODS.find((period) => period === normalised) ?? "daily";
}
