import type { MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { CallToAction } from "~/components/ui/CallToAction";
import { HELP_PAGE } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Help & Support",
    "Get help with GoatedVIPs: 24/7 support on Telegram, FAQs and contact details.",
  );

export default function Help() {
  return (
    <div className={PAGE}>
      <PageHeader title="Help & Support" intro={HELP_PAGE.intro} backToHome />
      <div className="grid gap-6 md:grid-cols-3">
        {HELP_PAGE.sections.map((section, index) => {
          const headingId = `help-${index}`;
          const { action } = section;
          return (
            <section key={section.title} className={CARD} aria-labelledby={headingId}>
              <h2 id={headingId} className="font-display text-xl font-bold uppercase text-primary">
                {section.title}
              </h2>
              <p className="mt-2 text-sm">{section.text}</p>
              <CallToAction
                to={action.href}
                secondary={!action.external}
                className="mt-4 px-4 py-2"
              >
                {action.label}
              </CallToAction>
            </section>
          );
        })}
      </div>
    </div>
  );
}
