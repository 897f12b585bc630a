import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
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
          const button = `${action.external ? PRIMARY_BUTTON : SECONDARY_BUTTON} mt-4 px-4 py-2`;
          return (
            <section key={section.title} className={CARD} aria-labelledby={headingId}>
              <h2
                id={headingId}
                className="font-display text-xl font-extrabold uppercase text-primary"
              >
                {section.title}
              </h2>
              <p className="mt-2 text-sm">{section.text}</p>
              {action.external ? (
                <a href={action.href} target="_blank" rel="noopener noreferrer" className={button}>
                  {action.label}
                </a>
              ) : (
                <Link to={action.href} className={button}>
                  {action.label}
                </Link>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
