import type { MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { TelegramIcon, XLogoIcon } from "~/components/ui/icons";
import { TELEGRAM_COMMUNITY_URL, X_URL } from "~/content/links";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Socials", "Follow GoatedVIPs on Telegram and X for races, codes and giveaways.");

const CHANNELS = [
  {
    name: "Telegram",
    text: "The community group: race updates, challenges, giveaways and support.",
    href: TELEGRAM_COMMUNITY_URL,
    Icon: TelegramIcon,
  },
  {
    name: "X",
    text: "Announcements, winners and new bonus codes.",
    href: X_URL,
    Icon: XLogoIcon,
  },
] as const;

export default function Socials() {
  return (
    <div className={PAGE}>
      <PageHeader title="Socials" intro="Where to find GoatedVIPs outside this site." backToHome />
      <ul className="grid gap-4 sm:grid-cols-2">
        {CHANNELS.map(({ name, text, href, Icon }) => (
          <li key={name}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className={`${CARD} flex items-start gap-4 hover:border-primary`}
            >
              <Icon className="h-8 w-8 shrink-0 text-primary" />
              <span>
                <span className="block font-display text-xl font-extrabold uppercase">{name}</span>
                <span className="mt-1 block text-sm text-muted">{text}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
