import type { MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { ChevronDownIcon } from "~/components/ui/icons";
import { FAQ_CATEGORIES } from "~/content/faq";
import { pageMeta } from "~/lib/meta";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () =>
  pageMeta(
    "FAQ",
    "Answers about joining GoatedVIPs, the wager race, ranks, bonus codes and technical support.",
  );

export default function Faq() {
  return (
    <div className={PAGE}>
      <PageHeader
        title="Frequently Asked Questions"
        intro="Quick answers about joining, rewards and technical problems."
        backToHome
      />
      {FAQ_CATEGORIES.map((category) => (
        <section key={category.title} className="mb-10" aria-label={category.title}>
          <h2 className={SECTION_HEADING}>{category.title}</h2>
          <div className="mt-4 space-y-2">
            {category.questions.map((item) => (
              <details
                key={item.question}
                className="group rounded-xl border border-accent bg-card"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-bold [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDownIcon className="shrink-0 transition-transform group-open:rotate-180" />
                </summary>
                <p className="px-5 pb-4 text-sm text-muted">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <aside className={`${CARD} flex flex-wrap items-center justify-between gap-4`}>
        <p>Still have a question?</p>
        <CallToAction to="/support" className="px-4 py-2">
          Contact Support
        </CallToAction>
      </aside>
    </div>
  );
}
