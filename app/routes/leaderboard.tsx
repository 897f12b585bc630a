import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { DataAge } from "~/components/leaderboard/DataAge";
import { LeaderboardTable } from "~/components/leaderboard/LeaderboardTable";
import { leaderboardHref } from "~/components/leaderboard/links";
import { MAX_SEARCH_LENGTH, PlayerSearchForm } from "~/components/leaderboard/PlayerSearchForm";
import { PlayerStatsPanel } from "~/components/leaderboard/PlayerStatsPanel";
import { useLeaderboardSocket } from "~/realtime/use-leaderboard-socket";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { LEADERBOARD_PAGE_SIZE, playerCountText } from "~/domain/leaderboard";
import type { LeaderboardSnapshot } from "~/domain/leaderboard";
import {
  LEADERBOARD_PERIODS,
  parseLeaderboardPeriod,
  PERIOD_NAMES,
} from "~/domain/leaderboard-period";
import { SHELL_ONLY_USER_PAGE_HEADERS } from "~/http/page-cache.server";
import { leaderboardPage, playerStanding } from "~/services/players/player-queries.server";
import { syncStatus } from "~/services/operations/sync-runs.server";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const label = data ? PERIOD_NAMES[data.period].label : "Wager";
  return [
    { title: `${label} Leaderboard | GoatedVIPs` },
    {
      name: "description",
      content: `The ${label.toLowerCase()} wager leaderboard of Goated players who signed up with our code: ranks, totals wagered and VIP tiers, updated live.`,
    },
  ];
};

// For a visitor without cookies the page is the same for everyone at the same URL: the page cache
// may keep it until the next sync (docs/decisions/0006). For a signed-in user only the frame
// differs (this route reads no user): they get that page with their frame (decision 0042).
export const headers: HeadersFunction = () => SHELL_ONLY_USER_PAGE_HEADERS;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const period = parseLeaderboardPeriod(url.searchParams.get("period"));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const requestedPage = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const playerUid = url.searchParams.get("player");

  const [board, status, player] = await Promise.all([
    leaderboardPage({
      period,
      search: q,
      page: Number.isFinite(requestedPage) ? requestedPage : 1,
    }),
    syncStatus(),
    playerUid ? playerStanding(playerUid) : null,
  ]);
  // With nothing to show and the last sync failed, say why rather than "No Data Available".
  const syncError =
    board.totalPlayers === 0 && !q && status.lastRun?.outcome === "failed"
      ? (status.lastRun.error ?? "Please ensure you are logged in and try again.")
      : null;
  return {
    period,
    q,
    ...board,
    player,
    syncError,
    lastUpdated: status.lastSuccess?.finished_at ?? null,
    now: new Date().toISOString(),
  };
}

export default function Leaderboard() {
  const data = useLoaderData<typeof loader>();
  const { period, q, page, pageCount, player, syncError } = data;
  const location = useLocation();
  const revalidator = useRevalidator();

  // A push carries each period's top 10: the unsearched first page takes it as it is; any other
  // view asks the server for its rows again.
  const [pushed, setPushed] = useState<{ key: string; snapshot: LeaderboardSnapshot } | null>(null);
  useLeaderboardSocket((message) => {
    if (message.type !== "LEADERBOARD_UPDATE") return;
    const snapshot = message.data;
    if (page === 1 && !q && !player) setPushed({ key: location.key, snapshot });
    else if (revalidator.state === "idle") revalidator.revalidate();
  });
  const live = pushed?.key === location.key ? pushed.snapshot : null;
  const players = live ? live.top[period] : data.players;
  const totalPlayers = live ? live.activeByPeriod[period] : data.totalPlayers;
  const periodPlayers = live ? live.activeByPeriod[period] : data.periodPlayers;
  const shownPageCount = live
    ? Math.max(1, Math.ceil(totalPlayers / LEADERBOARD_PAGE_SIZE))
    : pageCount;
  const lastUpdated = live ? live.lastUpdated : data.lastUpdated;
  const now = live?.lastUpdated ?? data.now;

  const here = { period, q, page };
  const retryHref = leaderboardHref(here);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase text-primary drop-shadow-[0_0_24px_rgba(215,255,0,0.35)] sm:text-5xl">
            Leaderboard
          </h1>
          <DataAge lastUpdated={lastUpdated} now={now} />
        </div>
        <p className="text-sm font-bold text-muted" data-testid="player-count">
          {playerCountText({
            searching: q !== "",
            matches: totalPlayers,
            periodPlayers,
            countCapped: data.countCapped,
          })}
        </p>
      </header>

      <nav aria-label="Leaderboard periods" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {LEADERBOARD_PERIODS.map((tab) => (
            <li key={tab}>
              <Link
                to={leaderboardHref({ period: tab, q })}
                aria-current={tab === period ? "page" : undefined}
                className={
                  tab === period
                    ? `${PRIMARY_BUTTON} px-4 py-2 text-sm`
                    : `${SECONDARY_BUTTON} px-4 py-2 text-sm`
                }
              >
                {PERIOD_NAMES[tab].label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <PlayerSearchForm
        id="leaderboard-search"
        label="Search players by username"
        period={period}
        query={q}
        className="mt-6"
        inputClassName="min-w-0 flex-1"
      />

      <section
        aria-label={`${PERIOD_NAMES[period].label} leaderboard`}
        className="mt-6 rounded-xl border border-accent bg-card"
      >
        {players.length > 0 ? (
          <LeaderboardTable
            players={players}
            caption={`${PERIOD_NAMES[period].label} leaderboard, page ${page} of ${shownPageCount}`}
            playerHref={(uid) => leaderboardHref({ ...here, player: uid })}
          />
        ) : syncError ? (
          <div role="alert" className="px-6 py-12 text-center">
            <h2 className="font-display text-xl font-bold uppercase">
              Failed to load leaderboard data
            </h2>
            <p className="mt-2 text-sm text-muted">{syncError}</p>
            <CallToAction to={retryHref} className="mt-5 px-5 py-2">
              Retry
            </CallToAction>
          </div>
        ) : q ? (
          <p className="px-6 py-12 text-center text-muted">
            No players match &ldquo;{q}&rdquo;.{" "}
            <Link to={leaderboardHref({ period })} className="text-primary hover:underline">
              Clear search
            </Link>
          </p>
        ) : (
          <div className="px-6 py-12 text-center">
            <h2 className="font-display text-xl font-bold uppercase">No Data Available</h2>
            <CallToAction to={retryHref} secondary className="mt-5 px-5 py-2">
              Refresh Data
            </CallToAction>
          </div>
        )}
      </section>

      <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3 text-sm">
        <PageLink to={page > 1 ? leaderboardHref({ ...here, page: page - 1 }) : null}>
          Previous
        </PageLink>
        <p>
          Page {page} of {shownPageCount}
        </p>
        <PageLink to={page < shownPageCount ? leaderboardHref({ ...here, page: page + 1 }) : null}>
          Next
        </PageLink>
      </nav>

      {player ? <PlayerStatsPanel player={player} closeHref={leaderboardHref(here)} /> : null}
    </div>
  );
}

function PageLink({ to, children }: { to: string | null; children: string }) {
  const className = `${SECONDARY_BUTTON} px-4 py-2`;
  if (!to) {
    return (
      <span aria-disabled="true" className={`${className} cursor-not-allowed opacity-50`}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={children === "Next" ? "next" : "prev"} className={className}>
      {children}
    </Link>
  );
}
