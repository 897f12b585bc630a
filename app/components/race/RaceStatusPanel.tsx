import type { BoardRace } from "~/domain/race";
import { countdownText } from "~/domain/race-time";
import type { ShownRace } from "./use-live-race-board";

/** Live, upcoming or completed, with the countdown to the race's end, its start or the next race. */
export function RaceStatusPanel({
  race,
  shown,
  now,
}: {
  race: BoardRace;
  shown: Pick<ShownRace, "view" | "nextRaceStart">;
  now: Date;
}) {
  const [label, target] =
    shown.view === "completed"
      ? ["Next Race Starts In", shown.nextRaceStart]
      : shown.view === "upcoming"
        ? ["Starts In", race.startDate]
        : ["Ends In", race.endDate];
  return (
    <section aria-labelledby="race-status" className="rounded-xl border border-accent bg-card p-5">
      {shown.view === "completed" ? (
        <p id="race-status" className="font-display text-2xl font-bold uppercase text-primary">
          Race Completed
        </p>
      ) : (
        <h2 id="race-status" className="text-sm font-bold uppercase tracking-widest text-muted">
          {shown.view === "upcoming" ? "Upcoming" : "Live now"}
        </h2>
      )}
      {target ? (
        <p className="mt-2">
          <span className="block text-sm uppercase tracking-widest text-muted">{label}</span>
          <time
            dateTime={target}
            data-testid="race-countdown"
            className="font-display text-3xl font-bold tabular-nums"
          >
            {countdownText(new Date(target), now)}
          </time>
        </p>
      ) : null}
    </section>
  );
}
