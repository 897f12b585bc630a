import { Form, Link, useLocation } from "@remix-run/react";
import { StaleDataAge } from "~/components/leaderboard/DataAge";
import { hasMedal, RankMedal } from "~/components/leaderboard/RankMedal";
import { CloseIcon } from "~/components/ui/icons";
import { formatAbbreviatedUsd, formatCents } from "~/domain/money";
import { raceCountdownText } from "~/domain/race-time";
import { WidgetStanding } from "./PinnedStanding";
import { useNow } from "./use-now";
import type { RaceStanding, WidgetRace } from "~/domain/race";

export const RACE_WIDGET_PARAM = "raceWidget";

/**
 * The home page's race widget (docs/product.md §P2; in the page's flow below the hero rather than
 * floating over it, docs/decisions/0034): a <details>, the current or previous race chosen
 * by a link that keeps the choice in the URL (a client-side switch with JavaScript), a countdown
 * 'Nd Nh Nm' refreshed every minute with JavaScript, and a dismiss form that sets a cookie. The
 * signed-in player's own place (`standing`) shows under the current race until its end.
 */
export function RaceWidget({
  current,
  previous,
  serverNow,
  standing = null,
}: {
  current: WidgetRace | null;
  previous: WidgetRace | null;
  serverNow: string;
  standing?: RaceStanding | null;
}) {
  const location = useLocation();
  const now = useNow(serverNow, 60_000);
  const params = new URLSearchParams(location.search);
  const showPrevious = params.get(RACE_WIDGET_PARAM) === "previous";
  const race = showPrevious ? previous : current;
  const tabLink = (value: "current" | "previous") => {
    const next = new URLSearchParams(location.search);
    next.set(RACE_WIDGET_PARAM, value);
    return `?${next.toString()}`;
  };
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1 text-xs font-bold uppercase ${active ? "bg-primary text-primary-foreground" : "text-muted hover:text-white"}`;

  return (
    <aside aria-label="Wager race" className="w-full sm:max-w-md">
      <details
        // Opened by the toggle links, so a page loaded without JavaScript shows the chosen race.
        open={params.has(RACE_WIDGET_PARAM)}
        className="rounded-xl border border-accent bg-card shadow-xl open:shadow-glow"
      >
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3">
          <span className="font-display text-sm font-bold uppercase text-primary">Wager Race</span>
          <span className="text-sm tabular-nums" data-testid="race-widget-countdown">
            {current ? raceCountdownText(current, now) : "No live race"}
          </span>
        </summary>
        <div className="border-t border-accent px-4 pb-4 pt-3">
          <nav aria-label="Race shown" className="flex gap-2">
            <Link
              to={tabLink("current")}
              preventScrollReset
              replace
              aria-current={!showPrevious ? "true" : undefined}
              className={tab(!showPrevious)}
            >
              Current
            </Link>
            <Link
              to={tabLink("previous")}
              preventScrollReset
              replace
              aria-current={showPrevious ? "true" : undefined}
              className={tab(showPrevious)}
            >
              Previous
            </Link>
          </nav>
          {race ? (
            <div className="mt-3">
              <p className="font-bold">
                <Link to={`/wager-races/${race.id}`} className="hover:text-primary">
                  {race.title}
                </Link>
              </p>
              <p className="text-xs text-muted">
                Prize pool {formatCents(race.prizePoolCents)} · {raceCountdownText(race, now)}
              </p>
              {race.leaders.length ? (
                <ol className="mt-2 space-y-1 text-sm">
                  {race.leaders.map((leader) => (
                    <li key={leader.uid} className="flex justify-between gap-2">
                      <span className="flex min-w-0 items-center gap-1.5">
                        {hasMedal(leader.position) ? (
                          <RankMedal rank={leader.position} pixels={20} />
                        ) : (
                          <span className="font-bold text-primary">#{leader.position}</span>
                        )}
                        <span className="truncate">{leader.name}</span>
                      </span>
                      <span className="tabular-nums text-muted">
                        {formatAbbreviatedUsd(leader.wager)}
                      </span>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="mt-2 text-sm text-muted">No participants yet</p>
              )}
              {standing &&
              !showPrevious &&
              standing.raceId === race.id &&
              now.getTime() < Date.parse(race.endDate) ? (
                <WidgetStanding standing={standing} />
              ) : null}
              {showPrevious ? null : <StaleDataAge />}
            </div>
          ) : (
            <p className="mt-3 text-sm text-muted">
              {showPrevious ? "No race has completed yet" : "No race is running right now"}
            </p>
          )}
          <div className="mt-3 flex items-center justify-between gap-2">
            <Link to="/wager-races" className="text-sm text-primary hover:underline">
              View race
            </Link>
            <Form method="post" action="/race-widget/dismiss">
              <input
                type="hidden"
                name="redirectTo"
                value={`${location.pathname}${location.search}`}
              />
              <button
                type="submit"
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-muted hover:text-white"
              >
                <CloseIcon width={14} height={14} />
                Dismiss
              </button>
            </Form>
          </div>
        </div>
      </details>
    </aside>
  );
}
