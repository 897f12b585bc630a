import { Link } from "@remix-run/react";
import type { RankedPlayer } from "~/domain/leaderboard";
import { LeaderboardTable } from "./LeaderboardTable";
import { PlayerSearchForm } from "./PlayerSearchForm";

/**
 * DAILY LEADERBOARD: today's top 10. Its search box is a GET form to the daily leaderboard, so a
 * search lands on /leaderboard?period=daily&q=..., with or without JavaScript.
 */
export function DailyLeaderboard({
  players,
  playerHref,
}: {
  players: RankedPlayer[];
  playerHref: (uid: string) => string;
}) {
  return (
    <section id="leaderboard" aria-labelledby="daily-leaderboard" className="mt-12 scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2
          id="daily-leaderboard"
          className="font-display text-2xl font-bold uppercase tracking-wide text-primary sm:text-3xl"
        >
          Daily Leaderboard
        </h2>
        <PlayerSearchForm
          id="daily-search"
          label="Search the daily leaderboard by username"
          period="daily"
          className=""
          inputClassName="w-44"
        />
      </div>
      <div className="mt-5 rounded-xl border border-accent bg-card">
        {players.length > 0 ? (
          <LeaderboardTable
            players={players}
            caption="Today's top 10 by wager"
            playerHeading="User"
            playerHref={playerHref}
          />
        ) : (
          <p className="px-6 py-10 text-center text-muted">No Data Available</p>
        )}
      </div>
      <p className="mt-3 text-right text-sm">
        <Link to="/leaderboard?period=daily" className="text-primary hover:underline">
          View the full leaderboard
        </Link>
      </p>
    </section>
  );
}
