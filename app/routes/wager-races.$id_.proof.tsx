import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toHex } from "~/domain/race-proof";
import type { ProofVerdict } from "~/domain/race-proof";
import { parsePositiveId } from "~/lib/params";
import { findResultProof } from "~/services/races/race-proof.server";
import { findRace } from "~/services/races/race-store.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Result proof: ${data?.title ?? "Wager race"} | Wager Races | GoatedVIPs` },
  {
    name: "description",
    content:
      "A completed wager race's result and its SHA-256, checked by the server and your browser.",
  },
];

/** A completed race's result, its published hash and the server's check (docs/decisions/0063). */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parsePositiveId(params.id);
  const proof = id === null ? null : await findResultProof(id);
  if (!proof) {
    const race = id === null ? null : await findRace(id);
    const message = race
      ? "This race has not completed: its result is sealed when it does"
      : "No such race";
    invariantResponse(false, message, { status: 404 });
  }
  return {
    raceId: proof.race.id,
    title: proof.race.title,
    canonical: proof.canonical,
    namesMasked: proof.namesMasked,
    resultHash: proof.resultHash,
    recomputedHash: proof.recomputedHash,
    verdict: proof.verdict,
  };
}

const SERVER_VERDICTS: Record<ProofVerdict, string> = {
  matches: "Matches: the result below hashes to the hash published at completion.",
  differs: "Does not match: the stored result has changed since it was sealed.",
  unsealed: "No hash to check: this race was completed before results were sealed.",
};

type BrowserCheck = { digest: string } | { unavailable: true };

/**
 * The browser's own check with Web Crypto, after hydration: without JavaScript the server's check
 * above stands alone. Web Crypto needs a secure context (HTTPS or localhost).
 */
function useBrowserDigest(canonical: string, namesMasked: boolean): BrowserCheck | null {
  const [check, setCheck] = useState<BrowserCheck | null>(null);
  useEffect(() => {
    if (namesMasked) return;
    let current = true;
    const subtle = typeof crypto === "undefined" ? undefined : crypto.subtle;
    if (!subtle) {
      setCheck({ unavailable: true });
      return;
    }
    subtle.digest("SHA-256", new TextEncoder().encode(canonical)).then(
      (digest) => current && setCheck({ digest: toHex(digest) }),
      () => current && setCheck({ unavailable: true }),
    );
    return () => {
      current = false;
    };
  }, [canonical, namesMasked]);
  return check;
}

const BROWSER_CHECK_PENDING = "Your browser checks the result here once JavaScript has run.";
const BROWSER_CHECK_MASKED =
  "Player names are masked on this site, so the text below is not the sealed text and your browser cannot hash it to the published hash; the server's check above hashed the sealed text.";

function browserVerdict(check: BrowserCheck, resultHash: string | null): string {
  if ("unavailable" in check)
    return "Your browser cannot compute SHA-256 on this page (Web Crypto needs HTTPS).";
  if (resultHash === null)
    return `Your browser computed ${check.digest}; there is no published hash to compare.`;
  return check.digest === resultHash
    ? "Matches: your browser hashed the result below with Web Crypto and got the published hash."
    : `Does not match: your browser hashed the result below with Web Crypto and got ${check.digest}.`;
}

export default function ResultProofPage() {
  const { raceId, title, canonical, namesMasked, resultHash, recomputedHash, verdict } =
    useLoaderData<typeof loader>();
  const check = useBrowserDigest(canonical, namesMasked);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-widest text-muted">Result proof</p>
      <h1 className="mt-1 font-display text-3xl font-bold uppercase text-primary sm:text-5xl">
        {title}
      </h1>
      <p className="mt-3 max-w-2xl text-muted">
        When a race completes, its result (race id, window, pool, and each place&apos;s uid, name,
        wager and prize in cents) is written as the canonical text below and its SHA-256 published.
        Anyone can hash the text (UTF-8, no trailing newline) with any SHA-256 tool and compare.{" "}
        <Link to={`/wager-races/${raceId}`} className="text-primary underline underline-offset-4">
          Back to the race
        </Link>
      </p>

      <section aria-labelledby="published-hash" className="mt-8">
        <h2 id="published-hash" className="font-display text-xl font-bold uppercase">
          Published hash
        </h2>
        <p className="mt-2 break-all font-mono">{resultHash ?? "None"}</p>
      </section>

      <section aria-labelledby="server-check" className="mt-8">
        <h2 id="server-check" className="font-display text-xl font-bold uppercase">
          The server&apos;s check
        </h2>
        <p className={`mt-2 font-bold ${verdict === "differs" ? "text-destructive" : ""}`}>
          {SERVER_VERDICTS[verdict]}
        </p>
        <p className="mt-1 text-sm text-muted">
          SHA-256 of the result now: <span className="break-all font-mono">{recomputedHash}</span>
        </p>
      </section>

      <section aria-labelledby="browser-check" className="mt-8">
        <h2 id="browser-check" className="font-display text-xl font-bold uppercase">
          Your browser&apos;s check
        </h2>
        {/* In the page from the start, so that screen readers announce the verdict replacing it. */}
        <p role="status" className="mt-2 font-bold">
          {namesMasked
            ? BROWSER_CHECK_MASKED
            : check
              ? browserVerdict(check, resultHash)
              : BROWSER_CHECK_PENDING}
        </p>
      </section>

      <section aria-labelledby="canonical-result" className="mt-8">
        <h2 id="canonical-result" className="font-display text-xl font-bold uppercase">
          Canonical result
        </h2>
        <pre className="mt-2 whitespace-pre-wrap break-all rounded-xl border border-accent bg-card p-4 font-mono text-sm">
          {canonical}
        </pre>
        <p className="mt-2 text-sm text-muted">
          The same as JSON:{" "}
          <a
            href={`/api/wager-races/${raceId}/proof`}
            className="text-primary underline underline-offset-4"
          >
            /api/wager-races/{raceId}/proof
          </a>
        </p>
      </section>
    </div>
  );
}
