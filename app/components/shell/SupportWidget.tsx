import { Link } from "@remix-run/react";
import { TELEGRAM_SUPPORT_URL } from "~/content/links";
import { authPath } from "~/domain/auth-mode";
import {
  ChatIcon,
  CloseIcon,
  HelpIcon,
  MinusIcon,
  TelegramIcon,
  UsersIcon,
} from "~/components/ui/icons";

const OPTION =
  "flex items-center gap-3 rounded-lg border border-accent px-4 py-3 text-sm font-bold hover:border-primary hover:text-primary";

/**
 * The floating 'VIP Support' widget: minimised to a round icon (on the bottom bar below 1280 px,
 * in the page's right gutter from there: docs/decisions/0096), expanded, or closed. All three
 * states work without JavaScript: the <details> summary is the round icon when minimised and the
 * title bar (with its minimise mark) when expanded, and the close button is a checkbox drawn as a
 * cross over the title bar; checking it hides the widget for the rest of the page view.
 * 'Chat with us' opens the support chat (signed out: the sign-in page first); staff replies the
 * member has not read show as a count on the round icon and on that option.
 */
export function SupportWidget({ signedIn, unread }: { signedIn: boolean; unread: number }) {
  const unreadLabel = unread === 1 ? "1 unread reply" : `${unread} unread replies`;
  return (
    <div className="group/widget fixed bottom-1.5 right-3 z-40 xl:bottom-4 xl:right-4">
      {/* Shown (and focusable) only while the widget is expanded. */}
      <input
        type="checkbox"
        aria-label="Close VIP Support"
        className="peer/closed absolute right-3 top-3 z-10 hidden h-7 w-7 cursor-pointer appearance-none rounded hover:bg-black/10 checked:!hidden group-has-[details[open]]/widget:block"
      />
      <CloseIcon className="pointer-events-none absolute right-4 top-4 z-10 hidden text-primary-foreground group-has-[details[open]]/widget:block peer-checked/closed:!hidden" />
      <div className="peer-checked/closed:hidden">
        <details
          className="group/support open:w-[400px] open:max-w-[calc(100vw-2rem)] open:overflow-hidden open:rounded-xl open:border open:border-accent open:bg-card open:shadow-2xl"
          data-testid="support-widget"
        >
          <summary
            aria-label={unread > 0 ? `VIP Support, ${unreadLabel}` : "VIP Support"}
            className="flex cursor-pointer list-none [&::-webkit-details-marker]:hidden"
          >
            <span className="relative ml-auto flex h-11 w-11 items-center xl:h-14 xl:w-14 justify-center rounded-full bg-primary text-primary-foreground shadow-glow group-open/support:hidden">
              <ChatIcon className="h-6 w-6" />
              {unread > 0 ? (
                <span
                  className="absolute -right-1 -top-1 min-w-[1.4rem] rounded-full bg-red-600 px-1.5 text-center text-xs font-bold leading-[1.4rem] text-white"
                  data-testid="support-unread"
                >
                  {unread > 99 ? "99+" : unread}
                </span>
              ) : null}
            </span>
            <span className="hidden w-full items-center gap-2 bg-primary py-3 pl-4 pr-12 text-primary-foreground group-open/support:flex">
              <span className="flex-1 font-display text-xl font-bold uppercase">VIP Support</span>
              <MinusIcon />
            </span>
          </summary>
          <div className="space-y-3 p-4">
            <p className="text-sm text-muted">
              Our VIP support team is here to help you. Choose an option below:
            </p>
            <a
              href={TELEGRAM_SUPPORT_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={OPTION}
            >
              <TelegramIcon className="text-primary" />
              Contact on Telegram
            </a>
            <Link to="/faq" className={OPTION}>
              <HelpIcon className="text-primary" />
              Browse FAQ
            </Link>
            <Link to="/telegram" className={OPTION}>
              <UsersIcon className="text-primary" />
              Join Telegram Community
            </Link>
            <Link to={signedIn ? "/support" : authPath("login", "/support")} className={OPTION}>
              <ChatIcon className="text-primary" />
              Chat with us
              {unread > 0 ? (
                <span className="ml-auto rounded-full bg-primary px-2 text-xs font-bold text-primary-foreground">
                  {unread}
                  <span className="sr-only">
                    {" "}
                    {unread === 1 ? "unread reply" : "unread replies"}
                  </span>
                </span>
              ) : null}
            </Link>
          </div>
        </details>
      </div>
    </div>
  );
}
