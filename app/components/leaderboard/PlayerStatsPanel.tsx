import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { LEADERBOARD_PERIODS, PERIOD_NAMES } from "~/domain/leaderboard-period";
import { formatCount, formatUsd } from "~/domain/money";
import { RankBadge } from "~/components/player/RankBadge";

export interface PlayerStats {
  uid: string;
  name: string;
  wagered: { today: number; this_week: number; this_month: number; all_time: number };
  ranks: Record<(typeof LEADERBOARD_PERIODS)[number], number | null>;
}

/**
 * The user stats side panel: the player's total and rank in each period and their tier. It is part
 * of the page (`?player=uid`), so it opens without JavaScript too; closing is a link back, and
 * with JavaScript Escape follows it, as it closes any panel.
 */
export function PlayerStatsPanel({
  player,
  closeHref,
}: {
  player: PlayerStats;
  closeHref: string;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        navigate(closeHref, { preventScrollReset: true });
      }
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [closeHref, navigate]);
  return (
    <aside
      aria-labelledby="player-stats-title"
      className="fixed inset-y-0 right-0 z-[60] w-full max-w-sm overflow-y-auto border-l border-accent bg-card p-6 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-xs uppercase tracking-widest text-muted">Player stats</p>
          <h2 id="player-stats-title" className="mt-1 break-all font-display text-2xl font-bold">
            {player.name}
          </h2>
          <p className="mt-2 flex items-center gap-2 text-sm text-muted">
            Tier <RankBadge allTime={player.wagered.all_time} />
          </p>
        </div>
        <Link
          to={closeHref}
          preventScrollReset
          className="rounded-md border border-accent px-3 py-1.5 text-sm hover:border-primary hover:text-primary"
        >
          Close<span className="sr-only"> player stats</span>
        </Link>
      </div>
      <dl className="mt-6 grid gap-3">
        {LEADERBOARD_PERIODS.map((period) => {
          const rank = player.ranks[period];
          return (
            <div key={period} className="rounded-lg border border-accent bg-page p-4">
              <dt className="text-xs uppercase tracking-widest text-muted">
                {PERIOD_NAMES[period].label}
              </dt>
              <dd className="mt-1 flex items-baseline justify-between gap-3">
                <span className="text-base font-bold tabular-nums">
                  {formatUsd(player.wagered[PERIOD_NAMES[period].column])}
                </span>
                <span className="text-sm text-muted">
                  {rank === null ? "Unranked" : `Rank #${formatCount(rank)}`}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </aside>
  );
}
