import { Link } from "@remix-run/react";
import { SignInLink } from "~/components/auth/SignInLink";
import { PROVIDER_REFERRAL_URL } from "~/content/links";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { PlayIcon } from "~/components/ui/icons";
import { AccountMenu } from "./AccountMenu";
import { DesktopNav } from "./DesktopNav";
import { Logo } from "./Logo";
import { MobileDrawer } from "./MobileDrawer";
import type { ShellUser } from "./SiteShell";

export function Header({ user }: { user: ShellUser | null }) {
  const signedIn = user !== null;
  const isAdmin = user?.isAdmin ?? false;
  // No backdrop-filter on the header: it would become the containing block of the fixed drawer.
  return (
    <header className="sticky top-0 z-50 border-b border-accent bg-page/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <MobileDrawer signedIn={signedIn} isAdmin={isAdmin} />
        <Link to="/" className="shrink-0" aria-label="GoatedVIPs home">
          <Logo className="h-6 w-auto sm:h-8" />
        </Link>
        <div className="flex flex-1 justify-center">
          <DesktopNav signedIn={signedIn} isAdmin={isAdmin} />
        </div>
        <div className="flex items-center gap-1 sm:gap-2">
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <SignInLink className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-semibold hover:text-primary" />
          )}
          <a
            href={PROVIDER_REFERRAL_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={`${PRIMARY_BUTTON} px-3 py-2 text-sm shadow-glow`}
          >
            <PlayIcon className="h-4 w-4" />
            Play
          </a>
        </div>
      </div>
    </header>
  );
}
