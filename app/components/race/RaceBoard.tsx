import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { StaleDataAge } from "~/components/leaderboard/DataAge";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { formatAbbreviatedUsd, formatCents } from "~/domain/money";
import { prizeTable, totalShare } from "~/domain/race-prizes";
import type { PrizeDistribution } from "~/domain/race-prizes";
import { COMPLETED_VIEW_MS, countdownText, startOfNextUtcMonth } from "~/domain/race-time";
import type { ServerMessage } from "~/realtime/messages";
import { useLeaderboardSocket } from "~/realtime/use-leaderboard-socket";
import { useNow } from "./use-now";

/** The race fields a board shows (a RaceView as it arrives from a loader). */
export interface BoardRace {
  id: number;
  title: string;
  type: string;
  status: string;
  prizePoolCents: number;
  startDate: string;
  endDate: string;
  distribution: PrizeDistribution;
  description: string | null;
  rules: string | null;
}

export interface BoardParticipant {
  position: number;
  uid: string;
  name: string;
  wager: number;
  prizeCents: number;
}

export type BoardView = "active" | "completed" | "upcoming";

type SocketCompletion = { participants: BoardParticipant[]; nextRaceStart: string; until: number };

export const RACE_TYPE_LABELS: Record<string, string> = {
  monthly: "Monthly Race",
  weekly: "Weekly Race",
  weekend: "Weekend Race",
};

/**
 * A race's page body. The server decides the view; with JavaScript the board also turns to
 * 'Race Completed' when its countdown ends, and (when `listen` is set) on a RACE_COMPLETED message,
 * which it shows for an hour before asking the server again (spec §4).
 */
export function RaceBoard({
  race,
  participants,
  view,
  serverNow,
  nextRaceStart,
  transitionEnds,
  listen,
}: {
  race: BoardRace;
  participants: BoardParticipant[];
  view: BoardView;
  serverNow: string;
  nextRaceStart: string | null;
  transitionEnds: string | null;
  listen: boolean;
}) {
  const now = useNow(serverNow, 1000);
  const revalidator = useRevalidator();
  const [socketCompletion, setSocketCompletion] = useState<SocketCompletion | null>(null);

  useLeaderboardSocket((message: ServerMessage) => {
    // A message about another race (say a weekly one completed by an admin) leaves this board.
    if (message.type !== "RACE_COMPLETED" || message.data.raceId !== race.id) return;
    setSocketCompletion({
      participants: message.data.winners.map((w) => ({
        ...w,
        prizeCents: Math.round(w.prize * 100),
      })),
      nextRaceStart: message.data.nextRaceStart,
      until: Date.now() + COMPLETED_VIEW_MS,
    });
  }, listen);

  // The completed view of a socket message, or of the server's transition, ends by asking anew.
  const revalidateAt =
    socketCompletion?.until ?? (transitionEnds ? Date.parse(transitionEnds) + 1000 : null);
  const { revalidate } = revalidator;
  useEffect(() => {
    if (revalidateAt === null) return;
    const timer = setTimeout(
      () => {
        setSocketCompletion(null);
        revalidate();
      },
      Math.max(0, revalidateAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [revalidateAt, revalidate]);

  const endedHere = view === "active" && now.getTime() >= Date.parse(race.endDate);
  let shown: { view: BoardView; participants: BoardParticipant[]; nextRaceStart: string | null } = {
    view,
    participants,
    nextRaceStart,
  };
  if (socketCompletion && now.getTime() < socketCompletion.until) {
    shown = { view: "completed", ...socketCompletion };
  } else if (endedHere) {
    const upcoming =
      nextRaceStart && Date.parse(nextRaceStart) > now.getTime()
        ? nextRaceStart
        : startOfNextUtcMonth(now).toISOString();
    shown = { view: "completed", participants, nextRaceStart: upcoming };
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-widest text-muted">
        {RACE_TYPE_LABELS[race.type] ?? race.type}
      </p>
      <h1 className="mt-1 font-display text-3xl font-extrabold uppercase text-primary drop-shadow-[0_0_24px_rgba(215,255,0,0.35)] sm:text-5xl">
        {race.title}
      </h1>
      {/* Frozen results do not age; standings computed from the synced wagers do. */}
      {race.status === "completed" ? null : <StaleDataAge />}
      {race.description ? <p className="mt-3 max-w-2xl text-muted">{race.description}</p> : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <StatusPanel race={race} shown={shown} now={now} />
        <section
          aria-labelledby="prize-pool"
          className="rounded-xl border border-accent bg-card p-5"
        >
          <h2 id="prize-pool" className="text-sm font-bold uppercase tracking-widest text-muted">
            Prize Pool
          </h2>
          <p className="mt-1 font-display text-3xl font-extrabold text-primary">
            {formatCents(race.prizePoolCents)}
          </p>
          <p className="mt-1 text-sm text-muted">
            Paid to the top 10. Winners are paid within 24 hours of completion.
          </p>
        </section>
      </div>

      <section aria-labelledby="participants" className="mt-8">
        <h2 id="participants" className="font-display text-2xl font-extrabold uppercase">
          {shown.view === "completed" ? "Previous Race Participants" : "Current Participants"}
        </h2>
        <ParticipantsTable participants={shown.participants} view={shown.view} />
      </section>

      <PrizeBreakdown race={race} />

      {race.rules ? (
        <section aria-labelledby="race-rules" className="mt-8">
          <h2 id="race-rules" className="font-display text-xl font-extrabold uppercase">
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

function StatusPanel({
  race,
  shown,
  now,
}: {
  race: BoardRace;
  shown: { view: BoardView; nextRaceStart: string | null };
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
        <p id="race-status" className="font-display text-2xl font-extrabold uppercase text-primary">
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
            className="font-display text-3xl font-extrabold tabular-nums"
          >
            {countdownText(new Date(target), now)}
          </time>
        </p>
      ) : null}
    </section>
  );
}

function ParticipantsTable({
  participants,
  view,
}: {
  participants: BoardParticipant[];
  view: BoardView;
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

function PrizeBreakdown({ race }: { race: BoardRace }) {
  const rows = prizeTable(race.prizePoolCents, race.distribution);
  return (
    <section aria-labelledby="prize-breakdown" className="mt-8">
      <h2 id="prize-breakdown" className="font-display text-xl font-extrabold uppercase">
        Prizes by position
      </h2>
      <ol className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {rows.map((row) => (
          <li key={row.position} className="rounded-lg border border-accent bg-card px-3 py-2">
            <span className="block text-xs uppercase tracking-widest text-muted">
              #{row.position} · {row.share}%
            </span>
            <span className="font-display text-lg font-extrabold tabular-nums">
              {formatCents(row.cents)}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-muted">
        Shares add up to {totalShare(race.distribution)}% of the pool and are paid as published.
      </p>
    </section>
  );
}

/** 'Failed to load race data' with the details and a Retry that reloads the page. */
export function RaceLoadError({ details, retryTo }: { details: string; retryTo: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-extrabold uppercase">Failed to load race data</h1>
      <p className="mt-3 text-muted">{details}</p>
      <Link to={retryTo} reloadDocument className={`${SECONDARY_BUTTON} mt-6 px-5 py-2`}>
        Retry
      </Link>
    </div>
  );
}
