import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { StaleDataAge } from "~/components/leaderboard/DataAge";
import { RACE_TYPE_LABELS } from "~/domain/race";
import type { RaceStanding } from "~/domain/race";
import { PinnedStanding } from "./PinnedStanding";
import { RaceParticipantsTable } from "./RaceParticipantsTable";
import { PrizeBreakdown, PrizePoolPanel } from "./RacePrizes";
import { RaceStatusPanel } from "./RaceStatusPanel";
import { useLiveRaceBoard } from "./use-live-race-board";
import type { RaceBoardProps } from "./use-live-race-board";

/**
 * A race's page body: its status and countdown, prize pool, participants, prizes by position and
 * rules. What it shows follows the race live (see useLiveRaceBoard). `standing`, the signed-in
 * player's own place, is shown only while the board shows the running race as the server rendered
 * it: once it turns completed live (countdown, RACE_COMPLETED), the gaps no longer hold (the
 * server's next answer for the completed race has none). `children` (the race chart) follow the
 * participants.
 */
export function RaceBoard({
  standing = null,
  children,
  ...props
}: RaceBoardProps & { standing?: RaceStanding | null; children?: ReactNode }) {
  const { race } = props;
  const { now, shown } = useLiveRaceBoard(props);
  const standingHolds =
    standing?.raceId === race.id &&
    shown.view === "active" &&
    shown.participants === props.participants;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-widest text-muted">
        {RACE_TYPE_LABELS[race.type] ?? race.type}
      </p>
      <h1 className="mt-1 font-display text-3xl font-bold uppercase text-primary drop-shadow-[0_0_24px_rgba(215,255,0,0.35)] sm:text-5xl">
        {race.title}
      </h1>
      {/* Frozen results do not age; standings computed from the synced wagers do. */}
      {race.status === "completed" ? null : <StaleDataAge />}
      {race.description ? <p className="mt-3 max-w-2xl text-muted">{race.description}</p> : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <RaceStatusPanel race={race} shown={shown} now={now} />
        <PrizePoolPanel poolCents={race.prizePoolCents} />
      </div>

      <section aria-labelledby="participants" className="mt-8">
        <h2 id="participants" className="font-display text-2xl font-bold uppercase">
          {shown.view === "completed" ? "Previous Race Participants" : "Current Participants"}
        </h2>
        <RaceParticipantsTable participants={shown.participants} view={shown.view} />
        {standing && standingHolds ? (
          <PinnedStanding standing={standing} shownRows={shown.participants.length} />
        ) : null}
      </section>

      {children}

      <PrizeBreakdown race={race} />

      {race.rules ? (
        <section aria-labelledby="race-rules" className="mt-8">
          <h2 id="race-rules" className="font-display text-xl font-bold uppercase">
            Rules
          </h2>
          <p className="mt-2 whitespace-pre-line text-muted">{race.rules}</p>
        </section>
      ) : null}

      <p className="mt-8 text-sm">
        <Link to="/wager-races/history" className="text-primary underline-offset-4 hover:underline">
          Past races and winners
        </Link>
      </p>
    </div>
  );
}
