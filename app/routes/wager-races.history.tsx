import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PaidMark } from "~/components/race/RaceParticipantsTable";
import { formatAbbreviatedUsd, formatCents } from "~/domain/money";
import { RACE_TYPE_LABELS } from "~/domain/race";
import { formatMediumDate } from "~/domain/time";
import { listCompletedRaces } from "~/services/races/race-store.server";

export const meta: MetaFunction = () => [
  { title: "Past Wager Races | GoatedVIPs" },
  {
    name: "description",
    content: "Every completed Goated wager race on GoatedVIPs with its winners and their prizes.",
  },
];

export async function loader() {
  return { races: await listCompletedRaces() };
}

export default function RaceHistoryPage() {
  const { races } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold uppercase text-primary sm:text-5xl">
        Past Wager Races
      </h1>
      <p className="mt-2 text-muted">
        Completed races and their winners. Winners are paid within 24 hours of completion.
      </p>
      {races.length === 0 ? (
        <p className="mt-8 rounded-xl border border-accent bg-card p-8 text-center font-bold">
          No race has completed yet.
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {races.map(({ race, results }) => (
            <li key={race.id} className="rounded-xl border border-accent bg-card p-5">
              <p className="text-xs font-bold uppercase tracking-widest text-muted">
                {RACE_TYPE_LABELS[race.type] ?? race.type} · {formatMediumDate(race.startDate)} to{" "}
                {formatMediumDate(race.endDate)} (UTC)
              </p>
              <h2 className="mt-1 font-display text-xl font-bold uppercase">
                <Link to={`/wager-races/${race.id}`} className="hover:text-primary">
                  {race.title}
                </Link>
              </h2>
              <p className="text-sm text-muted">
                Prize pool {formatCents(race.prizePoolCents)} ·{" "}
                <Link
                  to={`/wager-races/${race.id}/proof`}
                  className="text-primary underline underline-offset-4"
                >
                  Verify the result
                </Link>
              </p>
              {results.length === 0 ? (
                <p className="mt-3 text-sm">No participants</p>
              ) : (
                <ol className="mt-3 space-y-1 text-sm">
                  {results.map((winner) => (
                    <li key={winner.position} className="flex justify-between gap-3">
                      <span>
                        <span className="font-bold text-primary">#{winner.position}</span>{" "}
                        {winner.name}{" "}
                        <span className="text-muted">({formatAbbreviatedUsd(winner.wager)})</span>
                      </span>
                      <span className="text-right tabular-nums">
                        {formatCents(winner.prizeCents)}
                        {winner.paidAt ? <PaidMark paidAt={winner.paidAt} /> : null}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
