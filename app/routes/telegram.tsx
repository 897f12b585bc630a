import type { MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader, SECTION_HEADING } from "~/components/content/PageHeader";
import { TelegramIcon } from "~/components/ui/icons";
import { TELEGRAM_COMMUNITY_URL } from "~/content/links";
import { TELEGRAM_PAGE } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () =>
  pageMeta(
    "Telegram Community",
    "Join the GoatedVIPs Telegram group: race updates, challenges, giveaways, the weekly stream and VIP support.",
  );

export default function Telegram() {
  return (
    <div className={PAGE}>
      <PageHeader title="Telegram Community" intro={TELEGRAM_PAGE.intro} backToHome />
      <section aria-labelledby="expect-heading">
        <h2 id="expect-heading" className={SECTION_HEADING}>
          What to expect
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {TELEGRAM_PAGE.expectations.map((item) => (
            <li key={item.title} className={CARD}>
              <h3 className="font-display text-xl font-bold uppercase text-primary">
                {item.title}
              </h3>
              <p className="mt-1 text-sm">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <CallToAction to={TELEGRAM_COMMUNITY_URL} className="mt-8 px-6 py-3 shadow-glow">
        <TelegramIcon className="h-5 w-5" />
        Join the Telegram Group
      </CallToAction>
    </div>
  );
}
