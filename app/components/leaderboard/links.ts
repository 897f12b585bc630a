import type { LeaderboardPeriod } from "~/domain/leaderboard-period";

export interface LeaderboardQuery {
  period: LeaderboardPeriod;
  q?: string;
  page?: number;
  player?: string | null;
}

/** A /leaderboard URL; defaults (page 1, no search, no panel) are left out. */
export function leaderboardHref({ period, q, page, player }: LeaderboardQuery): string {
  const params = new URLSearchParams({ period });
  if (q) params.set("q", q);
  if (page && page > 1) params.set("page", String(page));
  if (player) params.set("player", player);
  return `/leaderboard?${params.toString()}`;
}
