import type { ReactNode } from "react";
import { DemoDataNotice } from "~/components/leaderboard/DemoDataNotice";
import { Toaster } from "~/components/ui/Toaster";
import { useHydrated } from "~/components/ui/hooks";
import type { ShellUser } from "~/domain/account";
import type { Toast } from "~/lib/toast";
import { AdminButton } from "./AdminButton";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { IntroScreen } from "./IntroScreen";
import { NavigationProgress } from "./NavigationProgress";
import { ScrollToTopButton } from "./ScrollToTopButton";
import { SupportWidget } from "./SupportWidget";

/**
 * The parts of the frame that depend on the user, besides the header: the support widget, the
 * admin button and the toast. A signed-in page whose content is the same for everyone renders these
 * and <Header> on their own and splices them into the visitor's page
 * (app/http/signed-in-documents.server.ts), so they must not read anything from the page's tree
 * that a router at the same URL would not give them.
 */
export function ShellOverlays({ user, toast }: { user: ShellUser | null; toast: Toast | null }) {
  return (
    <>
      <BottomBar />
      <SupportWidget signedIn={user !== null} unread={user?.supportUnread ?? 0} />
      {user?.isAdmin ? <AdminButton /> : null}
      <Toaster serverToast={toast} />
    </>
  );
}

/** The keyboard's first stop: straight to the page's main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[80] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}

/** What root.tsx gives the frame of a page, the site's (SiteShell) or the admin host's (AdminShell). */
export interface ShellProps {
  user: ShellUser | null;
  toast: Toast | null;
  /** The leaderboards come from the demo source: every page says so. */
  demoData: boolean;
  children: ReactNode;
}

/** The frame of every page: header and navigation, footer, support widget and toasts. */
export function SiteShell({ user, toast, demoData, children }: ShellProps) {
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Header user={user} />
      {demoData ? <DemoDataNotice /> : null}
      {/* The floating buttons (support, admin, scroll to top) sit in the bottom bar below
          1280 px, whose height the footer reserves, and from 1280 px in gutters 6rem wide beside
          the page: nothing a player needs is ever under them (docs/decisions/0096). */}
      <main id="main" className="relative min-h-[60vh] xl:px-24">
        {children}
      </main>
      <Footer />
      <ShellOverlays user={user} toast={toast} />
      <ScriptOnlyParts />
    </>
  );
}

/**
 * Below 1280 px, the bar across the screen's foot that the support, admin and scroll-to-top
 * buttons sit on (each fixed in its place on it): the page scrolls under it as under the header,
 * and the footer's bottom padding lets the page's end scroll clear of it.
 */
function BottomBar() {
  return (
    <div
      aria-hidden="true"
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-30 h-14 border-t border-accent bg-page/95 xl:hidden"
    />
  );
}

/**
 * What only JavaScript shows, in a component of its own: the render that shows it right after
 * hydration (useHydrated) is synchronous, and in the shell it re-rendered the header, footer and
 * widgets with it, one long task (docs/decisions/0043).
 */
function ScriptOnlyParts() {
  const hydrated = useHydrated();
  return hydrated ? (
    <>
      <ScrollToTopButton />
      <IntroScreen />
    </>
  ) : null;
}
