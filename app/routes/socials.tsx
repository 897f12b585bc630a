import type { MetaFunction } from "@remix-run/node";
import { CARD, PAGE, PageHeader } from "~/components/content/PageHeader";
import { TelegramIcon, XLogoIcon } from "~/components/ui/icons";
import { SOCIALS_PAGE } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Socials", "Follow GoatedVIPs on Telegram and X for races, codes and giveaways.");

const ICONS = { telegram: TelegramIcon, x: XLogoIcon } as const;

export default function Socials() {
  return (
    <div className={PAGE}>
      <PageHeader title="Socials" intro={SOCIALS_PAGE.intro} backToHome />
      <ul className="grid gap-4 sm:grid-cols-2">
        {SOCIALS_PAGE.channels.map(({ name, icon, text, href }) => {
          const Icon = ICONS[icon];
          return (
            <li key={name}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className={`${CARD} flex items-start gap-4 hover:border-primary`}
              >
                <Icon className="h-8 w-8 shrink-0 text-primary" />
                <span>
                  <span className="block font-display text-xl font-bold uppercase">{name}</span>
                  <span className="mt-1 block text-sm text-muted">{text}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
