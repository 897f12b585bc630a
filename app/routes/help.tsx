import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";
import { TELEGRAM_SUPPORT_URL } from "~/content/links";
import { HELP_PAGE } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Help & Support",
    "Get help with GoatedVIPs: 24/7 support on Telegram, FAQs and contact details.",
  );

export default function Help() {
  const [support, faqs, contact] = HELP_PAGE.sections;
  return (
    <div className={PAGE}>
      <PageHeader title="Help & Support" intro={HELP_PAGE.intro} backToHome />
      <div className="grid gap-6 md:grid-cols-3">
        <section className={CARD} aria-labelledby="help-support">
          <h2
            id="help-support"
            className="font-display text-xl font-extrabold uppercase text-primary"
          >
            {support.title}
          </h2>
          <p className="mt-2 text-sm">{support.text}</p>
          <a
            href={TELEGRAM_SUPPORT_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={`${PRIMARY_BUTTON} mt-4 px-4 py-2`}
          >
            Message Support
          </a>
        </section>
        <section className={CARD} aria-labelledby="help-faqs">
          <h2 id="help-faqs" className="font-display text-xl font-extrabold uppercase text-primary">
            {faqs.title}
          </h2>
          <p className="mt-2 text-sm">{faqs.text}</p>
          <Link to="/faq" className={`${SECONDARY_BUTTON} mt-4 px-4 py-2`}>
            Browse FAQ
          </Link>
        </section>
        <section className={CARD} aria-labelledby="help-contact">
          <h2
            id="help-contact"
            className="font-display text-xl font-extrabold uppercase text-primary"
          >
            {contact.title}
          </h2>
          <p className="mt-2 text-sm">{contact.text}</p>
          <Link to="/telegram" className={`${SECONDARY_BUTTON} mt-4 px-4 py-2`}>
            Telegram Community
          </Link>
        </section>
      </div>
    </div>
  );
}
