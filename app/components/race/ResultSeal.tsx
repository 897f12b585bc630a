import { Link } from "@remix-run/react";

/**
 * A completed race's published hash on its page (docs/decisions/0063), with the link to the page
 * that checks it.
 */
export function ResultSeal({ raceId, resultHash }: { raceId: number; resultHash: string | null }) {
  return (
    <section aria-labelledby="result-seal" className="mx-auto max-w-5xl px-4 pb-10">
      <h2 id="result-seal" className="font-display text-xl font-bold uppercase">
        Verifiable result
      </h2>
      {resultHash ? (
        <p className="mt-2 text-sm text-muted">
          SHA-256 of the result, published at completion:{" "}
          <code className="break-all font-mono text-white">{resultHash}</code>
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">
          This race was completed before results were sealed: it has no published hash.
        </p>
      )}
      <p className="mt-2 text-sm">
        <Link
          to={`/wager-races/${raceId}/proof`}
          className="text-primary underline-offset-4 hover:underline"
        >
          Check the result against its hash
        </Link>
      </p>
    </section>
  );
}
