import { StandingHeaderRow, StandingRow } from "~/components/leaderboard/StandingRow";
import { PlayerName } from "~/components/player/PlayerName";
import { CallToAction } from "~/components/ui/CallToAction";
import { formatAbbreviatedUsd, formatCents } from "~/domain/money";
import type { Participant, RaceBoardView } from "~/domain/race";
import { paidLabel } from "~/domain/race-payouts";

/** 'Paid' and the date beside a prize the payout ledger has marked paid. */
export function PaidMark({ paidAt }: { paidAt: string }) {
  return <span className="block text-xs font-bold text-success">{paidLabel(paidAt)}</span>;
}

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
        <p className="text-base font-bold">
          {view === "completed"
            ? "No participants in this race"
            : "No participants in the current race"}
        </p>
        <CallToAction to="/leaderboard" className="mt-4 px-5 py-2">
          View Regular Leaderboard
        </CallToAction>
      </div>
    );
  }
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-accent bg-card">
      <table className="w-full border-collapse text-sm">
        <thead>
          <StandingHeaderRow valueHeadings={["Wagered", "Prize"]} />
        </thead>
        <tbody>
          {participants.map((p) => (
            <StandingRow
              key={p.uid}
              uid={p.uid}
              rank={p.position}
              player={<PlayerName name={p.name} />}
              values={[
                formatAbbreviatedUsd(p.wager),
                <span key="prize" className="text-primary">
                  {formatCents(p.prizeCents)}
                  {p.paidAt ? <PaidMark paidAt={p.paidAt} /> : null}
                </span>,
              ]}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
