import type { ReactNode } from "react";
import { RankMedal } from "./RankMedal";

const TOP_THREE = ["text-primary", "text-primary/90", "text-primary/80"];
// Narrow on a phone, so a race table's four columns read whole at 360 px (issue 35).
const CELL = "px-2 py-3 sm:px-3";
const VALUE_CELL = `${CELL} text-right font-bold tabular-nums`;

/** The header of a standings table: Rank, the player column, then the value columns. */
export function StandingHeaderRow({
  playerHeading = "Player",
  valueHeadings,
}: {
  playerHeading?: string;
  valueHeadings: string[];
}) {
  return (
    <tr className="border-b border-accent text-left text-xs uppercase tracking-wider text-muted">
      <th scope="col" className={`w-10 sm:w-16 ${CELL} font-bold`}>
        Rank
      </th>
      <th scope="col" className={`${CELL} font-bold`}>
        {playerHeading}
      </th>
      {valueHeadings.map((heading) => (
        <th key={heading} scope="col" className={`${CELL} text-right font-bold`}>
          {heading}
        </th>
      ))}
    </tr>
  );
}

/**
 * One row of a leaderboard-like table: the rank (1 to 3 highlighted, with a medal), the player
 * (a PlayerName, usually) and the value columns, right-aligned, in the header's order.
 */
export function StandingRow({
  rank,
  uid,
  player,
  values,
}: {
  rank: number;
  /** The provider's uid, for pages that find a row again (a live update, a test). */
  uid?: string;
  player: ReactNode;
  values: ReactNode[];
}) {
  const top = TOP_THREE[rank - 1];
  return (
    <tr
      data-uid={uid}
      className={`border-b border-accent/60 last:border-0 ${top ? "bg-primary/5" : ""}`}
    >
      <td className={`${CELL} font-display text-xl font-bold tabular-nums ${top ?? "text-muted"}`}>
        {top ? <RankMedal rank={rank} pixels={28} /> : rank}
      </td>
      <td className={`${CELL} [overflow-wrap:anywhere]`}>{player}</td>
      {values.map((value, column) => (
        // The columns are fixed by the header, so their order is their identity.
        <td key={column} className={VALUE_CELL}>
          {value}
        </td>
      ))}
    </tr>
  );
}
