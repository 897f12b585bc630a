import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RaceBoard } from "~/components/race/RaceBoard";
import { RaceWagerChart } from "~/components/race/RaceWagerChart";
import { ResultSeal } from "~/components/race/ResultSeal";
import { shareCardMeta } from "~/lib/meta";
import { parsePositiveId } from "~/lib/params";
import { raceSharePreview } from "~/server/share-card-image.server";
import { storedResultHash } from "~/services/races/race-proof.server";
import { raceBoard } from "~/services/races/race-views.server";
import { raceWagerChart } from "~/services/players/wager-charts.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.board.race.title ?? "Wager race"} | Wager Races | GoatedVIPs` },
  {
    name: "description",
    content: `Standings, prizes and winners of ${data?.board.race.title ?? "a wager race"} on GoatedVIPs.`,
  },
  ...(data ? shareCardMeta({ title: data.board.race.title, ...data.share }) : []),
];

export async function loader({ params }: LoaderFunctionArgs) {
  const id = parsePositiveId(params.id);
  const board = id === null ? null : await raceBoard(id);
  invariantResponse(board, "No such race", { status: 404 });
  return {
    board,
    // Its Open Graph card (docs/decisions/0074).
    share: raceSharePreview(board),
    serverNow: new Date().toISOString(),
    chart: await raceWagerChart(board),
    // The result's published hash, for a completed race only (docs/decisions/0063).
    seal:
      board.race.status === "completed"
        ? { resultHash: await storedResultHash(board.race.id) }
        : null,
  };
}

export default function RacePage() {
  const { board, serverNow, seal, chart } = useLoaderData<typeof loader>();
  return (
    <>
      <RaceBoard
        race={board.race}
        participants={board.participants}
        view={board.view}
        serverNow={serverNow}
        nextRaceStart={null}
        transitionEnds={null}
        listen={false}
      >
        <RaceWagerChart data={chart} />
      </RaceBoard>
      {seal ? <ResultSeal raceId={board.race.id} resultHash={seal.resultHash} /> : null}
    </>
  );
}
