import { StandingRow } from "~/components/leaderboard/StandingRow";
import { PlayerName } from "~/components/player/PlayerName";
import { formatAbbreviatedUsd, formatCents } from "~/domain/money";
import type { RaceStanding } from "~/domain/race";

/**
 * What the signed-in player's gaps say, computed on the server (docs/decisions/0064): to the last
 * paid place first, then to the place above. Empty while they have no wager in the race.
 */
export function standingGapLines({
  standing,
  gapToNextCents,
  gapToPaidCents,
}: RaceStanding): string[] {
  if (!standing) return [];
  const lines: string[] = [];
  if (gapToPaidCents === 0) lines.push("You are in the prizes");
  else if (gapToPaidCents !== null) {
    lines.push(`${formatCents(gapToPaidCents)} more puts you in the prizes`);
  }
  lines.push(
    gapToNextCents === null
      ? "You lead the race"
      : `${formatCents(gapToNextCents)} more moves you up to #${standing.position - 1}`,
  );
  return lines;
}

const NO_WAGER_YET = "You have no wager in this race yet";

/**
 * The signed-in player's own place under a race's table: their row pinned below the rows shown
 * when they are not among them, and their gaps. Per user: the page gives it on its own, apart from
 * the race's table that every visitor sees.
 */
export function PinnedStanding({
  standing,
  shownRows,
}: {
  standing: RaceStanding;
  shownRows: number;
}) {
  const row = standing.standing;
  return (
    <section
      aria-labelledby="your-place"
      data-testid="pinned-standing"
      className="mt-3 rounded-xl border border-primary/60 bg-card"
    >
      <h3
        id="your-place"
        className="px-3 pt-3 text-xs font-bold uppercase tracking-wider text-muted"
      >
        Your place
      </h3>
      {row && row.position > shownRows ? (
        <table className="w-full border-collapse text-sm">
          <tbody>
            <StandingRow
              uid={row.uid}
              rank={row.position}
              player={<PlayerName name={row.name} />}
              values={[formatAbbreviatedUsd(row.wager)]}
            />
          </tbody>
        </table>
      ) : null}
      <p className="px-3 pb-3 pt-1 text-sm font-bold">
        {row ? standingGapLines(standing).join(" · ") : NO_WAGER_YET}
      </p>
    </section>
  );
}

/** The race widget's line for the signed-in player: their place and gaps, or no wager yet. */
export function WidgetStanding({ standing }: { standing: RaceStanding }) {
  const row = standing.standing;
  return (
    <p
      className="mt-2 rounded-md border border-primary/60 px-2 py-1 text-xs"
      data-testid="widget-standing"
    >
      {row ? [`You: #${row.position}`, ...standingGapLines(standing)].join(" · ") : NO_WAGER_YET}
    </p>
  );
}
