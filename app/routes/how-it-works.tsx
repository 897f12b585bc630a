import type { MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { PROVIDER_REFERRAL_URL, REFERRAL_CODE } from "~/content/links";
import { HOW_IT_WORKS } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () =>
  pageMeta(
    "How It Works",
    `Join Goated with the referral code ${REFERRAL_CODE} in three steps and start climbing the GoatedVIPs leaderboards.`,
  );

export default function HowItWorks() {
  return (
    <div className={PAGE}>
      <PageHeader title="How It Works" intro={HOW_IT_WORKS.intro} />
      <ol className="grid gap-4 md:grid-cols-3">
        {HOW_IT_WORKS.steps.map((step, index) => (
          <li key={step.title} className={CARD}>
            <span
              className="font-display text-3xl sm:text-4xl font-bold text-primary"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h2 className="mt-2 font-display text-xl font-bold uppercase">{step.title}</h2>
            <p className="mt-2 text-sm text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm uppercase tracking-widest text-muted">Official referral code</p>
      <p className="mt-1 inline-block select-all rounded-md border border-dashed border-primary/60 bg-card px-6 py-3 font-display text-3xl font-bold tracking-widest text-primary">
        {REFERRAL_CODE}
      </p>
      <section aria-labelledby="next-heading" className="mt-10">
        <h2 id="next-heading" className={SECTION_HEADING}>
          What&apos;s Next
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          {HOW_IT_WORKS.whatsNext.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <div className="mt-8 flex flex-wrap gap-3">
        <CallToAction to={PROVIDER_REFERRAL_URL} className="px-6 py-3 shadow-glow">
          Register on Goated
        </CallToAction>
        <CallToAction to="/" secondary className="px-6 py-3">
          Back to Home
        </CallToAction>
      </div>
    </div>
  );
}
