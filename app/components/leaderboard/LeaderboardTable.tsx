import type { RankedPlayer } from "~/domain/leaderboard";
import { formatUsd } from "~/domain/money";
import { PlayerName } from "~/components/player/PlayerName";
import { StandingHeaderRow, StandingRow } from "./StandingRow";

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
  /** "Player" on /leaderboard, "User" on the home page's daily table (docs/product.md §P2). */
  playerHeading?: string;
}) {
  // A long name and a big sum need more than a 320 px phone has: the table scrolls, not the page.
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <StandingHeaderRow playerHeading={playerHeading} valueHeadings={["Wagered"]} />
        </thead>
        <tbody>
          {players.map((player) => (
            <StandingRow
              key={player.uid}
              uid={player.uid}
              rank={player.rank}
              player={
                <PlayerName
                  name={player.name}
                  allTime={player.allTime}
                  href={playerHref(player.uid)}
                />
              }
              values={[formatUsd(player.wagered)]}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
