import { StaleDataAge } from "~/components/leaderboard/DataAge";
import { formatUsd } from "~/domain/money";

/** The Stats tab's tiles (spec §2): real figures where a linked account gives them. */
export function StatsPanel({ linked, totalWagered }: { linked: boolean; totalWagered: number }) {
  const tiles = [
    {
      label: "Total Wagered",
      value: formatUsd(linked ? totalWagered : 0),
      note: linked ? "From the latest leaderboard sync" : "Connect your Goated account to track",
    },
    { label: "Races Joined", value: "0" },
    { label: "Bonus Codes", value: "0" },
    { label: "Last Activity", value: "Just Now" },
  ];
  return (
    <>
      <section aria-label="Stats" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-lg border border-accent bg-page p-4">
            <p className="text-xs font-semibold uppercase text-muted">{tile.label}</p>
            <p className="mt-1 font-display text-2xl font-extrabold tabular-nums">{tile.value}</p>
            {tile.note ? <p className="mt-1 text-xs text-muted">{tile.note}</p> : null}
          </div>
        ))}
      </section>
      {linked ? <StaleDataAge /> : null}
    </>
  );
}
