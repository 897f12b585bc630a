import { Link } from "@remix-run/react";
import { SignInLink } from "~/components/auth/SignInLink";
import { PROVIDER_REFERRAL_URL } from "~/content/links";
import { RankProgressCompact } from "~/components/rank/RankProgress";
import { BellIcon, PlayIcon } from "~/components/ui/icons";
import type { ShellUser } from "~/domain/account";
import { AccountMenu } from "./AccountMenu";
import { DesktopNav } from "./DesktopNav";
import { Logo } from "./Logo";
import { MobileDrawer } from "./MobileDrawer";
import { CallToAction } from "~/components/ui/CallToAction";

/**
 * Where the desktop navigation takes over from the drawer: it needs about 1,250 px beside the
 * logo, the account menu and PLAY. The same for admins, whose ADMIN group is in the account menu
 * there (issue 35). Nothing in the header may push PLAY off screen (issue 18).
 */
const DESKTOP_ONLY = "hidden xl:block";
const NARROW_ONLY = "xl:hidden";

export function Header({ user }: { user: ShellUser | null }) {
  const signedIn = user !== null;
  const isAdmin = user?.isAdmin ?? false;
  // No backdrop-filter on the header: it would become the containing block of the fixed drawer.
  return (
    <header className="sticky top-0 z-50 border-b border-accent bg-page/95">
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-1.5 px-3 min-[380px]:gap-2 sm:gap-3 sm:px-4">
        <MobileDrawer signedIn={signedIn} isAdmin={isAdmin} className={NARROW_ONLY} />
        <Link to="/" className="shrink-0" aria-label="GoatedVIPs home">
          <Logo className="h-4 w-auto min-[380px]:h-6 sm:h-8" />
        </Link>
        <div className="flex flex-1 justify-center">
          <DesktopNav signedIn={signedIn} className={DESKTOP_ONLY} />
        </div>
        <div className="flex min-w-0 items-center gap-0.5 min-[380px]:gap-1 sm:gap-2">
          {/* Mobile only (the drawer's breakpoint), for members: the bell to the bonus codes
              (a visitor's would only bounce back home), with a dot for a code they have not
              seen, and the rank badge once the linked account has wagered. */}
          {user ? (
            <Link
              to="/bonus-codes"
              aria-label={user.newBonusCode ? "Bonus codes (new code)" : "Bonus codes"}
              className={`relative flex h-10 w-8 shrink-0 items-center justify-center rounded-md hover:text-primary ${NARROW_ONLY}`}
            >
              <BellIcon />
              {user.newBonusCode ? (
                <span
                  data-testid="bell-dot"
                  className="absolute right-1 top-2 h-2.5 w-2.5 rounded-full bg-primary ring-2 ring-page"
                />
              ) : null}
            </Link>
          ) : null}
          {user && user.totalWagered > 0 ? (
            <span className={`shrink-0 ${NARROW_ONLY}`}>
              <RankProgressCompact
                wagerAmount={user.totalWagered}
                animate={false}
                to="/profile?tab=rank"
                tooltipId="header-rank-tooltip"
              />
            </span>
          ) : null}
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <SignInLink className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-bold hover:text-primary" />
          )}
          <CallToAction
            to={PROVIDER_REFERRAL_URL}
            className="shrink-0 px-2.5 py-2 text-sm shadow-glow sm:px-3"
          >
            <PlayIcon className="h-4 w-4" />
            Play
          </CallToAction>
        </div>
      </div>
    </header>
  );
}
