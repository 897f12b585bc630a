import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { BoardRace, Participant, RaceBoardView } from "~/domain/race";
import { COMPLETED_VIEW_MS, startOfNextUtcMonth } from "~/domain/race-time";
import type { ServerMessage } from "~/realtime/messages";
import { useLeaderboardSocket } from "~/realtime/use-leaderboard-socket";
import { useNow } from "./use-now";

/** What a race board shows at this moment, which may differ from what the server rendered. */
export interface ShownRace {
  view: RaceBoardView;
  participants: Participant[];
  nextRaceStart: string | null;
}

/** What a race page gives its board: the race as the server rendered it, and when. */
export interface RaceBoardProps {
  race: BoardRace;
  participants: Participant[];
  view: RaceBoardView;
  serverNow: string;
  nextRaceStart: string | null;
  transitionEnds: string | null;
  listen: boolean;
}

type SocketCompletion = { participants: Participant[]; nextRaceStart: string; until: number };

/**
 * A race board's live state. The server decides the view; with JavaScript the board also turns to
 * 'Race Completed' when its countdown ends, and (when `listen` is set) on a RACE_COMPLETED message,
 * which it shows for an hour before asking the server again (docs/product.md §P4).
 */
export function useLiveRaceBoard({
  race,
  participants,
  view,
  serverNow,
  nextRaceStart,
  transitionEnds,
  listen,
}: RaceBoardProps): { now: Date; shown: ShownRace } {
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
  let shown: ShownRace = { view, participants, nextRaceStart };
  if (socketCompletion && now.getTime() < socketCompletion.until) {
    shown = { view: "completed", ...socketCompletion };
  } else if (endedHere) {
    const upcoming =
      nextRaceStart && Date.parse(nextRaceStart) > now.getTime()
        ? nextRaceStart
        : startOfNextUtcMonth(now).toISOString();
    shown = { view: "completed", participants, nextRaceStart: upcoming };
  }
  return { now, shown };
}
