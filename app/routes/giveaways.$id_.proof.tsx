import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { drawWinners, sha256Hex } from "~/domain/giveaway-draw";
import type { Entrant } from "~/domain/giveaway-draw";
import { GIVEAWAY_NOT_FOUND } from "~/domain/giveaways";
import { pageMeta } from "~/lib/meta";
import { parsePositiveId } from "~/lib/params";
import { findGiveawayProof } from "~/services/promotions/giveaways.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  pageMeta(
    `Draw proof: ${loaded?.title ?? "Giveaway"} | Giveaways`,
    "A giveaway's draw replayed step by step from its published seeds and entrant list, by the server and your browser.",
  );

/** A giveaway's published data and the server's replay of its draw (docs/decisions/0079). */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parsePositiveId(params.id);
  const proof = id === null ? null : await findGiveawayProof(id);
  invariantResponse(proof, GIVEAWAY_NOT_FOUND, { status: 404 });
  const { giveaway, serverSeed, entrants, winners, check } = proof;
  return {
    id: giveaway.id,
    title: giveaway.title,
    winnersWanted: giveaway.winners,
    seedHash: giveaway.seedHash,
    clientSeed: giveaway.clientSeed,
    serverSeed,
    entrants,
    winners,
    check,
  };
}

interface Published {
  seedHash: string;
  clientSeed: string | null;
  serverSeed: string;
  entrants: Entrant[];
  winners: number[];
  winnersWanted: number;
}

type BrowserCheck = { matches: boolean } | { unavailable: true };

/**
 * The browser's own replay with Web Crypto, after hydration (the same code as the server's):
 * without JavaScript the server's check stands alone. Web Crypto needs a secure context.
 */
function useBrowserReplay(published: Published | null): BrowserCheck | null {
  const [check, setCheck] = useState<BrowserCheck | null>(null);
  const key = JSON.stringify(published);
  // Compared by its JSON text: a new object holding the same data is no change.
  useEffect(() => {
    const published = JSON.parse(key) as Published | null;
    if (!published) return;
    let current = true;
    if (typeof crypto === "undefined" || !crypto.subtle) {
      setCheck({ unavailable: true });
      return;
    }
    Promise.all([
      sha256Hex(published.serverSeed),
      drawWinners(published.serverSeed, published.entrants, published.winnersWanted),
    ]).then(
      ([seedHash, draw]) =>
        current &&
        setCheck({
          matches:
            seedHash === published.seedHash &&
            draw.clientSeed === published.clientSeed &&
            JSON.stringify(draw.winners) === JSON.stringify(published.winners),
        }),
      () => current && setCheck({ unavailable: true }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return check;
}

function browserVerdict(check: BrowserCheck | null, drawn: boolean): string {
  if (!drawn) return "Your browser replays the draw here once the giveaway is drawn.";
  if (!check) return "Your browser replays the draw here once JavaScript has run.";
  if ("unavailable" in check)
    return "Your browser cannot compute SHA-256 on this page (Web Crypto needs HTTPS).";
  return check.matches
    ? "Matches: your browser replayed the draw with Web Crypto and got the published seed hash, client seed and winners."
    : "Does not match: your browser's replay with Web Crypto differs from the published data.";
}

const MONO = "break-all font-mono text-sm";

export default function GiveawayProofPage() {
  const loaded = useLoaderData<typeof loader>();
  const { id, title, seedHash, clientSeed, serverSeed, entrants, winners, check } = loaded;
  const published = serverSeed === null ? null : { ...loaded, serverSeed };
  const browserCheck = useBrowserReplay(published);
  const serverMatches =
    check !== null && check.seedHashMatches && check.clientSeedMatches && check.winnersMatch;
  return (
    <div className={PAGE}>
      <Link to={`/giveaways/${id}`} className="text-sm font-bold text-muted hover:text-primary">
        <span aria-hidden="true">←</span> Back to the giveaway
      </Link>
      <PageHeader
        title={title}
        intro="The draw, replayable by anyone: the server seed's SHA-256 was published at creation; at the draw the client seed is the SHA-256 of the entrant list below (JSON of {userId, tickets} sorted by userId); for nonce 0, 1, 2, ... the HMAC-SHA256 of “clientSeed:nonce” keyed with the server seed picks ticket floor(first 13 hex digits ÷ 2^52 × total tickets), whose holder wins unless already drawn."
      />

      <section aria-labelledby="seeds" className={CARD}>
        <h2 id="seeds" className={SECTION_HEADING}>
          Seeds
        </h2>
        <dl className="mt-3 grid gap-2">
          <dt className="text-muted">Server seed hash (published at creation)</dt>
          <dd className={MONO}>{seedHash}</dd>
          <dt className="text-muted">Server seed (revealed after the draw)</dt>
          <dd className={MONO}>{serverSeed ?? "Secret until the draw"}</dd>
          <dt className="text-muted">Client seed</dt>
          <dd className={MONO}>{clientSeed ?? "Set at the draw"}</dd>
        </dl>
      </section>

      <section aria-labelledby="server-check" className={`${CARD} mt-6`}>
        <h2 id="server-check" className={SECTION_HEADING}>
          The server&apos;s check
        </h2>
        <p className={`mt-2 font-bold ${check && !serverMatches ? "text-destructive" : ""}`}>
          {check === null
            ? "Not drawn yet: the server seed is revealed after the draw."
            : serverMatches
              ? "Matches: the revealed seed hashes to the published hash, the entrant list to the client seed, and the replay draws the published winners."
              : `Does not match: ${[
                  check.seedHashMatches ? null : "the seed's hash differs",
                  check.clientSeedMatches ? null : "the entrant list's hash differs",
                  check.winnersMatch ? null : "the replay draws other winners",
                ]
                  .filter(Boolean)
                  .join("; ")}.`}
        </p>
      </section>

      <section aria-labelledby="browser-check" className={`${CARD} mt-6`}>
        <h2 id="browser-check" className={SECTION_HEADING}>
          Your browser&apos;s check
        </h2>
        {/* In the page from the start, so that screen readers announce the verdict replacing it. */}
        <p role="status" className="mt-2 font-bold">
          {browserVerdict(browserCheck, serverSeed !== null)}
        </p>
      </section>

      {check ? (
        <>
          <section aria-labelledby="entrants" className={`${CARD} mt-6`}>
            <h2 id="entrants" className={SECTION_HEADING}>
              Entrant list
            </h2>
            <pre className="mt-2 whitespace-pre-wrap break-all font-mono text-sm">
              {JSON.stringify(entrants)}
            </pre>
          </section>
          <section aria-labelledby="steps" className={`${CARD} mt-6 overflow-x-auto`}>
            <h2 id="steps" className={SECTION_HEADING}>
              Every step
            </h2>
            <table className="mt-3 w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">Nonce</th>
                  <th scope="col">HMAC-SHA256</th>
                  <th scope="col">Ticket</th>
                  <th scope="col">Holder (member #)</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {check.draw.steps.map((step) => (
                  <tr key={step.nonce}>
                    <td>{step.nonce}</td>
                    <td className={MONO}>{step.hmac}</td>
                    <td>{step.ticket}</td>
                    <td>{step.userId}</td>
                    <td>{step.won ? "Wins" : "Already drawn: skipped"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-3 text-sm">Published winners (member #): {winners.join(", ")}</p>
          </section>
        </>
      ) : null}

      <p className="mt-6 text-sm text-muted">
        The same as JSON:{" "}
        <a
          href={`/api/giveaways/${id}/proof`}
          className="text-primary underline underline-offset-4"
        >
          /api/giveaways/{id}/proof
        </a>
      </p>
    </div>
  );
}
