import { Link } from "@remix-run/react";
import {
  PROVIDER_REFERRAL_URL,
  RESPONSIBLE_GAMBLING_URL,
  TELEGRAM_COMMUNITY_URL,
  X_URL,
} from "~/content/links";
import { TelegramIcon, XLogoIcon } from "~/components/ui/icons";
import { Logo } from "./Logo";
import { NewsletterBox } from "./NewsletterBox";
import { CallToAction } from "~/components/ui/CallToAction";

export function Footer() {
  return (
    // pb-14: the bottom bar's height (SiteShell), so the footer's end scrolls clear of it.
    <footer className="mt-16 border-t border-accent bg-card/60 pb-14 xl:px-24">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 md:grid-cols-3">
        <div className="space-y-4">
          <Logo className="h-8 w-auto" />
          <p className="text-sm text-muted">
            GoatedVIPs is an independent community for Goated players: wager leaderboards, monthly
            races and VIP rewards. We are not operated by or affiliated with Goated.
          </p>
          <CallToAction to={PROVIDER_REFERRAL_URL} className="px-5 py-2">
            Sign Up
          </CallToAction>
        </div>

        <div className="space-y-3">
          <h2 className="font-display text-sm font-bold uppercase tracking-widest text-primary">
            Play responsibly
          </h2>
          <p className="flex items-start gap-3 text-sm text-muted">
            <span className="shrink-0 rounded-full border-2 border-destructive px-2 py-1 text-xs font-bold text-white">
              18+
            </span>
            <span>
              Gambling is for adults aged 18 and over. Gamble responsibly: set limits, never chase
              losses, and take a break when it stops being fun.{" "}
              <a
                href={RESPONSIBLE_GAMBLING_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="text-white underline hover:text-primary"
              >
                Get help and advice
              </a>
              .
            </span>
          </p>
          <ul className="flex gap-3" aria-label="Social links">
            <li>
              <a
                href={TELEGRAM_COMMUNITY_URL}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Telegram"
                className="flex h-10 w-10 items-center justify-center rounded-full border border-accent hover:text-primary"
              >
                <TelegramIcon />
              </a>
            </li>
            <li>
              <a
                href={X_URL}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="X (Twitter)"
                className="flex h-10 w-10 items-center justify-center rounded-full border border-accent hover:text-primary"
              >
                <XLogoIcon />
              </a>
            </li>
          </ul>
        </div>

        <NewsletterBox />
      </div>
      <div className="border-t border-accent py-4 text-center text-xs text-muted">
        © 2024 GoatedVIPs.gg. All rights reserved.{" "}
        <Link to="/faq" className="underline hover:text-primary">
          FAQ
        </Link>
      </div>
    </footer>
  );
}
