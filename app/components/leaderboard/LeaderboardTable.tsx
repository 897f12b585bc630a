import { Link } from "@remix-run/react";
import type { RankedPlayer } from "~/domain/leaderboard";
import { formatUsd } from "~/domain/money";
import { RankBadge } from "./RankBadge";

const TOP_THREE = ["text-primary", "text-primary/90", "text-primary/80"];

/**
 * RANK, PLAYER, WAGERED. Ranks 1 to 3 are highlighted; each name links to the player's stats
 * panel (`playerHref`).
 */
export function LeaderboardTable({
  players,
  playerHref,
  caption,
  playerHeading = "Player",
}: {
  players: RankedPlayer[];
  playerHref: (uid: string) => string;
  caption: string;
  /** "Player" on /leaderboard, "User" on the home page's daily table (the spec's words). */
  playerHeading?: string;
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-accent text-left text-xs uppercase tracking-wider text-muted">
          <th scope="col" className="w-16 px-3 py-3 font-semibold">
            Rank
          </th>
          <th scope="col" className="px-3 py-3 font-semibold">
            {playerHeading}
          </th>
          <th scope="col" className="px-3 py-3 text-right font-semibold">
            Wagered
          </th>
        </tr>
      </thead>
      <tbody>
        {players.map((player) => {
          const top = TOP_THREE[player.rank - 1];
          return (
            <tr
              key={player.uid}
              data-uid={player.uid}
              className={`border-b border-accent/60 last:border-0 ${top ? "bg-primary/5" : ""}`}
            >
              <td
                className={`px-3 py-3 font-display text-base font-extrabold tabular-nums ${top ?? "text-muted"}`}
              >
                {top ? (
                  <span aria-hidden="true">{["🥇", "🥈", "🥉"][player.rank - 1]} </span>
                ) : null}
                {player.rank}
              </td>
              <td className="px-3 py-3">
                <span className="flex flex-wrap items-center gap-2">
                  <Link
                    to={playerHref(player.uid)}
                    preventScrollReset
                    className="font-semibold hover:text-primary hover:underline"
                  >
                    {player.name}
                  </Link>
                  <RankBadge allTime={player.allTime} />
                </span>
              </td>
              <td className="px-3 py-3 text-right font-semibold tabular-nums">
                {formatUsd(player.wagered)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
