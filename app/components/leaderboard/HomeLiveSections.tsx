import { useRef, useState } from "react";
import type { ReactNode } from "react";
import type { LeaderboardSnapshot, MvpPeriod } from "~/domain/leaderboard";
import { DailyLeaderboard } from "./DailyLeaderboard";
import { StaleDataAge } from "./DataAge";
import { MVP_PERIODS, TopPerformers } from "./TopPerformers";
import { useLeaderboardSocket } from "~/realtime/use-leaderboard-socket";

type PulseFor = Record<MvpPeriod, string | null>;

/**
 * The home page's live parts: the headline carousel (`headlines`, given the live total wagered,
 * the one place the home page shows it), TOP PERFORMERS and the DAILY LEADERBOARD, rendered from
 * the server's snapshot and replaced in place by each LEADERBOARD_UPDATE push, with the data's age
 * while it is stale.
 * An MVP pulses when their change time is new to this page (or, on the server's render, when it
 * is under 10 s old); the pulse ends itself after 10 s. `children` (the feature cards) go between
 * TOP PERFORMERS and the DAILY LEADERBOARD, the home order of docs/product.md §P2.
 */
export function HomeLiveSections({
  snapshot: initial,
  pulses,
  playerHref,
  headlines,
  children,
}: {
  snapshot: LeaderboardSnapshot;
  /** The MVPs pulsing when the server answered (mvpPulses). */
  pulses: PulseFor;
  playerHref: (uid: string) => string;
  headlines: (totalWagered: number) => ReactNode;
  children?: ReactNode;
}) {
  const [snapshot, setSnapshot] = useState(initial);
  const [pulseFor, setPulseFor] = useState<PulseFor>(pulses);

  const shown = useRef(initial);
  useLeaderboardSocket((message) => {
    if (message.type !== "LEADERBOARD_UPDATE") return;
    const next = message.data;
    const previous = shown.current;
    shown.current = next;
    const changedAt = (period: MvpPeriod) => {
      const before = previous.top[period][0];
      const after = next.top[period][0];
      const isNew =
        after && (before?.uid !== after.uid || before.wagerChangedAt !== after.wagerChangedAt);
      return isNew ? after.wagerChangedAt : undefined;
    };
    setSnapshot(next);
    setPulseFor((pulses) => {
      const updated = { ...pulses };
      for (const { period } of MVP_PERIODS) updated[period] = changedAt(period) ?? pulses[period];
      return updated;
    });
  });

  return (
    <>
      {headlines(snapshot.totalWagered)}
      {/* A push comes after a good sync: the page's data is fresh from then on. */}
      {snapshot === initial ? <StaleDataAge /> : null}
      <TopPerformers top={snapshot.top} pulseFor={pulseFor} playerHref={playerHref} />
      {children}
      <DailyLeaderboard players={snapshot.top.daily} playerHref={playerHref} />
    </>
  );
}
