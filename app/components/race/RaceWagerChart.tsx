import { WagerChartPanel } from "~/components/player/WagerChartPanel";
import type { WagerChartState } from "~/domain/wager-chart";

/** A race page's chart of its top 10's wager over the race (drawn by the server). */
export function RaceWagerChart({ data }: { data: WagerChartState }) {
  return (
    <section aria-labelledby="race-chart" className="mt-8">
      <h2 id="race-chart" className="font-display text-2xl font-bold uppercase">
        Race Chart
      </h2>
      <WagerChartPanel
        data={data}
        title="The top 10's wager over the race"
        texts={{
          upcoming: "The race has not started yet: its chart begins when it does.",
          empty: "No wagers to chart in this race.",
        }}
      />
    </section>
  );
}
