import type { MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { CHALLENGES } from "~/content/challenges";
import { TELEGRAM_COMMUNITY_URL } from "~/content/links";
import { challengeSummary } from "~/domain/challenges";
import { formatCount, formatWholeUsd } from "~/domain/money";
import { pageMeta } from "~/lib/meta";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () =>
  pageMeta(
    "Challenges",
    "GoatedVIPs community challenges with cash rewards: what to hit, what you win and how to prove it.",
  );

export default function Challenges() {
  const summary = challengeSummary(CHALLENGES);
  const tiles = [
    { label: "ACTIVE CHALLENGES", value: formatCount(summary.active) },
    { label: "TOTAL REWARDS", value: formatWholeUsd(summary.totalRewards) },
    { label: "NEW CHALLENGES", value: formatCount(summary.fresh) },
  ];
  return (
    <div className={PAGE}>
      <PageHeader
        title="Challenges"
        intro="Hit the target, claim the reward. Challenges are open to every GoatedVIPs member who plays on Goated with our code."
        backToHome
      />
      <dl className="grid gap-4 sm:grid-cols-3">
        {tiles.map((tile) => (
          <div key={tile.label} className={CARD} data-testid="challenge-tile">
            <dt className="text-xs font-bold tracking-widest text-muted">{tile.label}</dt>
            <dd className="mt-1 font-display text-3xl font-bold text-primary">{tile.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {CHALLENGES.map((challenge) => (
          <article key={challenge.id} className={`${CARD} flex flex-col`}>
            <div className="flex items-center gap-2 text-xs font-bold">
              {challenge.isNew ? (
                <span className="rounded-full bg-primary px-2 py-1 text-primary-foreground">
                  NEW
                </span>
              ) : null}
              <span className="rounded-full border border-accent px-2 py-1 uppercase">
                {challenge.category}
              </span>
            </div>
            <h2 className="mt-3 font-display text-2xl font-bold uppercase">{challenge.title}</h2>
            <p className="mt-2 text-sm text-muted">{challenge.description}</p>
            <p className="mt-3 text-sm">
              Reward: <strong className="text-primary">{challenge.reward}</strong>
            </p>
            {challenge.requiresProof && challenge.proofInstructions ? (
              <p className="mt-3 rounded-md border border-accent bg-page p-3 text-sm">
                <strong>Proof required:</strong> {challenge.proofInstructions}
              </p>
            ) : null}
            <CallToAction to={TELEGRAM_COMMUNITY_URL} className="mt-5 self-start px-4 py-2">
              Start Challenge
            </CallToAction>
          </article>
        ))}
      </div>
    </div>
  );
}
