import { data } from "@remix-run/node";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RaceBoard } from "~/components/race/RaceBoard";
import { RaceLoadError } from "~/components/race/RaceLoadError";
import { RaceWagerChart } from "~/components/race/RaceWagerChart";
import { CallToAction } from "~/components/ui/CallToAction";
import { shareCardMeta } from "~/lib/meta";
import { raceSharePreview } from "~/server/share-card-image.server";
import { currentRaceBoard, loadRaceStanding } from "~/services/races/race-views.server";
import { raceWagerChart } from "~/services/players/wager-charts.server";
import { MEMBER_DATA_PAGE_HEADERS } from "~/http/page-cache.server";
import { pageClock } from "~/domain/time";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Wager Races | GoatedVIPs" },
  {
    name: "description",
    content:
      "The monthly Goated wager race: a $500 prize pool for the top 10, the live standings and the countdown to the end of the month.",
  },
  // The current race's Open Graph card (docs/decisions/0074).
  ...(data?.board && data.share
    ? shareCardMeta({ title: data.board.race.title, ...data.share })
    : []),
];

// A member's page is the page rendered for its data: the user is read here, never in the
// components, so members with the same data share one render (docs/decisions/0112).
export const headers: HeadersFunction = () => MEMBER_DATA_PAGE_HEADERS;

export async function loader({ request }: LoaderFunctionArgs) {
  // To the 10 s (its countdown shows minutes): those 10 s's members then have the same data.
  const now = pageClock(new Date());
  try {
    const board = await currentRaceBoard(now);
    // The signed-in player's own row: its own field, the one part of this page that is theirs.
    const standing =
      board?.view === "active" ? await loadRaceStanding(request, board.race, now) : null;
    const chart = board ? await raceWagerChart(board, now) : null;
    const share = board ? raceSharePreview(board) : null;
    return { board, standing, chart, share, serverNow: now.toISOString(), error: null };
  } catch (error) {
    console.error("wager races: loading the current race failed", error);
    return data(
      {
        board: null,
        standing: null,
        chart: null,
        share: null,
        serverNow: now.toISOString(),
        error: "The race standings could not be read right now. Please try again in a moment.",
      },
      { status: 503 },
    );
  }
}

export default function WagerRacesPage() {
  const { board, standing, chart, serverNow, error } = useLoaderData<typeof loader>();
  if (error) return <RaceLoadError details={error} retryTo="/wager-races" />;
  if (!board) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-3xl font-bold uppercase">Wager Races</h1>
        <p className="mt-4 text-base font-bold">No participants in the current race</p>
        <CallToAction to="/leaderboard" className="mt-6 px-5 py-2">
          View Regular Leaderboard
        </CallToAction>
      </div>
    );
  }
  return (
    <RaceBoard
      key={board.race.id}
      race={board.race}
      participants={board.participants}
      view={board.view}
      serverNow={serverNow}
      nextRaceStart={board.nextRaceStart}
      transitionEnds={board.transitionEnds}
      listen
      standing={standing}
    >
      {chart ? <RaceWagerChart data={chart} /> : null}
    </RaceBoard>
  );
}
