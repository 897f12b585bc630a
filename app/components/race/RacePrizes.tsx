import { formatCents } from "~/domain/money";
import type { BoardRace } from "~/domain/race";
import { prizeTable } from "~/domain/race-prizes";

/** The race's prize pool and who it pays. */
export function PrizePoolPanel({ poolCents }: { poolCents: number }) {
  return (
    <section aria-labelledby="prize-pool" className="rounded-xl border border-accent bg-card p-5">
      <h2 id="prize-pool" className="text-sm font-bold uppercase tracking-widest text-muted">
        Prize Pool
      </h2>
      <p className="mt-1 font-display text-3xl font-bold text-primary">{formatCents(poolCents)}</p>
      <p className="mt-1 text-sm text-muted">
        Paid to the top 10. Winners are paid within 24 hours of completion.
      </p>
    </section>
  );
}

/** The prize and share of each paid position: together they are the whole pool. */
export function PrizeBreakdown({
  race,
}: {
  race: Pick<BoardRace, "prizePoolCents" | "distribution">;
}) {
  const rows = prizeTable(race.prizePoolCents, race.distribution);
  return (
    <section aria-labelledby="prize-breakdown" className="mt-8">
      <h2 id="prize-breakdown" className="font-display text-xl font-bold uppercase">
        Prizes by position
      </h2>
      <ol className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {rows.map((row) => (
          <li key={row.position} className="rounded-lg border border-accent bg-card px-3 py-2">
            <span className="block text-xs uppercase tracking-widest text-muted">
              #{row.position} · {row.share}%
            </span>
            <span className="font-display text-xl font-bold tabular-nums">
              {formatCents(row.cents)}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-muted">
        The prizes add up to the pool: each is rounded down to the cent and first place gets the
        cents left over.
      </p>
    </section>
  );
}
