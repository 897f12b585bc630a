import type { MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { AIRDROP } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Goated Token Airdrop",
    "The Goated token airdrop: 2,000,000 points a day, 100M early-adopter tokens, 900M community tokens and a 15% affiliate bonus.",
  );

export default function GoatedToken() {
  return (
    <div className={PAGE}>
      <PageHeader title="Goated Token Airdrop" intro={AIRDROP.intro} backToHome>
        <p className="mt-4 inline-block rounded-full bg-primary/15 px-3 py-1 text-xs font-bold tracking-widest text-primary">
          COMING SOON
        </p>
      </PageHeader>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {AIRDROP.figures.map((figure) => (
          <div key={figure.label} className={CARD}>
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd className="mt-1 font-display text-3xl font-bold text-primary">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="steps-heading" className="mt-10">
        <h2 id="steps-heading" className={SECTION_HEADING}>
          How to take part
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5">
          {AIRDROP.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}
