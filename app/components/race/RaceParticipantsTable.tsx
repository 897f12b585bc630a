import { Link } from "@remix-run/react";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { formatAbbreviatedUsd, formatCents } from "~/domain/money";
import type { Participant, RaceBoardView } from "~/domain/race";

/** A race's paid top 10 with their wagers and prizes, or the empty state with the leaderboard link. */
export function RaceParticipantsTable({
  participants,
  view,
}: {
  participants: Participant[];
  view: RaceBoardView;
}) {
  if (participants.length === 0) {
    return (
      <div className="mt-4 rounded-xl border border-accent bg-card p-8 text-center">
        <p className="text-lg font-bold">
          {view === "completed"
            ? "No participants in this race"
            : "No participants in the current race"}
        </p>
        <Link to="/leaderboard" className={`${PRIMARY_BUTTON} mt-4 px-5 py-2`}>
          View Regular Leaderboard
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-accent bg-card">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-widest text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Rank
            </th>
            <th scope="col" className="px-4 py-3">
              Player
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Wagered
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Prize
            </th>
          </tr>
        </thead>
        <tbody>
          {participants.map((p) => (
            <tr key={p.uid} className="border-t border-accent">
              <td
                className={`px-4 py-3 font-display text-lg font-extrabold ${p.position <= 3 ? "text-primary" : ""}`}
              >
                #{p.position}
              </td>
              <td className="px-4 py-3 font-semibold">{p.name}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatAbbreviatedUsd(p.wager)}</td>
              <td className="px-4 py-3 text-right tabular-nums text-primary">
                {formatCents(p.prizeCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
