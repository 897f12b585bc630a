import type { LeaderboardSnapshot, MvpPeriod, RankedPlayer } from "~/domain/leaderboard";
import { MVP_PERIOD_KEYS } from "~/domain/leaderboard";
import { PERIOD_NAMES } from "~/domain/leaderboard-period";
import { formatUsd } from "~/domain/money";
import { PlayerName } from "~/components/player/PlayerName";

export const MVP_PERIODS = MVP_PERIOD_KEYS.map((period) => ({
  period,
  title: `${PERIOD_NAMES[period].label} MVP`,
}));

/**
 * TOP PERFORMERS: the first of the daily, weekly and monthly boards. `pulseFor` names, per period,
 * the change time whose pulse shows: CSS ends it after 10 s (ten 1 s pings, then transparent) and
 * a newer change remounts it.
 */
export function TopPerformers({
  top,
  pulseFor,
  playerHref,
}: {
  top: LeaderboardSnapshot["top"];
  pulseFor: Record<MvpPeriod, string | null>;
  /** Where a name leads: the page's own stats panel (`?player=uid`). */
  playerHref: (uid: string) => string;
}) {
  return (
    <section aria-labelledby="top-performers" className="mt-12">
      <h2
        id="top-performers"
        className="font-display text-2xl font-bold uppercase tracking-wide text-primary sm:text-3xl"
      >
        Top Performers
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-3">
        {MVP_PERIODS.map(({ period, title }) => (
          <li key={period}>
            <MvpCard
              title={title}
              mvp={top[period][0] ?? null}
              playerHref={playerHref}
              pulsing={
                Boolean(pulseFor[period]) && pulseFor[period] === top[period][0]?.wagerChangedAt
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MvpCard({
  title,
  mvp,
  playerHref,
  pulsing,
}: {
  title: string;
  mvp: RankedPlayer | null;
  playerHref: (uid: string) => string;
  pulsing: boolean;
}) {
  return (
    <article className="h-full rounded-xl border border-accent bg-card p-5">
      <h3 className="flex items-center justify-between text-xs uppercase tracking-widest text-muted">
        {title}
        {mvp && pulsing ? (
          <span
            key={mvp.wagerChangedAt}
            role="img"
            aria-label="Wager just changed"
            data-testid="mvp-pulse"
            className="inline-block h-2.5 w-2.5 animate-[ping_1s_cubic-bezier(0,0,0.2,1)_10_forwards] rounded-full bg-primary motion-reduce:hidden"
          />
        ) : null}
      </h3>
      {mvp ? (
        <>
          <PlayerName
            as="p"
            look="card"
            className="mt-3"
            name={mvp.name}
            allTime={mvp.allTime}
            href={playerHref(mvp.uid)}
          />
          <p className="mt-2 text-base font-bold tabular-nums text-primary">
            {formatUsd(mvp.wagered)}
          </p>
        </>
      ) : (
        <p className="mt-3 text-sm text-muted">No wagers yet</p>
      )}
    </article>
  );
}
