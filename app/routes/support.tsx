import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { TelegramIcon } from "~/components/ui/icons";
import { TELEGRAM_SUPPORT_URL } from "~/content/links";
import { SUPPORT_PAGE } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/services/auth.server";
import { CallToAction } from "~/components/ui/CallToAction";

export const meta: MetaFunction = () =>
  pageMeta("VIP Support", "Reach the GoatedVIPs VIP support team on Telegram, around the clock.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Support() {
  return (
    <div className={PAGE}>
      <PageHeader title="VIP Support" intro={SUPPORT_PAGE.intro} backToHome />
      <section className={`${CARD} max-w-2xl`} aria-labelledby="contact-heading">
        <h2
          id="contact-heading"
          className="font-display text-xl font-extrabold uppercase text-primary"
        >
          Contact on Telegram
        </h2>
        <p className="mt-2 text-sm">{SUPPORT_PAGE.contact}</p>
        <CallToAction to={TELEGRAM_SUPPORT_URL} className="mt-4 px-5 py-3">
          <TelegramIcon className="h-5 w-5" />
          Contact on Telegram
        </CallToAction>
        <div className="mt-6 flex flex-wrap gap-3">
          <CallToAction to="/telegram" secondary className="px-4 py-2">
            Join Telegram Community
          </CallToAction>
          <CallToAction to="/faq" secondary className="px-4 py-2">
            Browse FAQ
          </CallToAction>
        </div>
      </section>
    </div>
  );
}
