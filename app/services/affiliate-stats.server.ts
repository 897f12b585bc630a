import { db } from "./db.server";
import { periodEntries } from "./players.server";

export interface AffiliateStatsEntry {
  uid: string;
  name: string;
  wagered: { today: number; this_week: number; this_month: number; all_time: number };
  lastUpdate: string;
}

/** The structured leaderboard response of spec public-site §3. */
export interface AffiliateStats {
  status: "success";
  metadata: { totalUsers: number; lastUpdated: string | null };
  data: Record<"today" | "weekly" | "monthly" | "all_time", { data: AffiliateStatsEntry[] }>;
}

export async function affiliateStats(
  paging: { page: number; limit: number } | null,
  lastUpdated: string | null,
): Promise<AffiliateStats> {
  const [{ totalUsers }, today, weekly, monthly, allTime] = await Promise.all([
    db
      .selectFrom("players")
      .select((eb) => eb.fn.countAll<number>().as("totalUsers"))
      .executeTakeFirstOrThrow(),
    periodEntries("daily", paging),
    periodEntries("weekly", paging),
    periodEntries("monthly", paging),
    periodEntries("all_time", paging),
  ]);
  const entries = (rows: typeof today) =>
    rows.map((row): AffiliateStatsEntry => ({
      uid: row.uid,
      name: row.name,
      wagered: {
        today: row.today,
        this_week: row.this_week,
        this_month: row.this_month,
        all_time: row.all_time,
      },
      lastUpdate: row.updated_at,
    }));
  return {
    status: "success",
    metadata: { totalUsers, lastUpdated },
    data: {
      today: { data: entries(today) },
      weekly: { data: entries(weekly) },
      monthly: { data: entries(monthly) },
      all_time: { data: entries(allTime) },
    },
  };
}
