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
      <SupportWidget signedIn={user !== null} unread={user?.supportUnread ?? 0} />
      {user?.isAdmin ? <AdminButton /> : null}
      <Toaster serverToast={toast} />
    </>
  );
}

/** The frame of every page: header and navigation, footer, support widget and toasts. */
export function SiteShell({
  user,
  toast,
  demoData,
  children,
}: {
  user: ShellUser | null;
  toast: Toast | null;
  /** The leaderboards come from the demo source: every page says so. */
  demoData: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[80] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <Header user={user} />
      {demoData ? <DemoDataNotice /> : null}
      {/* The floating buttons (support, admin, scroll to top) keep to a bottom strip 4.5rem high
          and, from 1280 px, to gutters 6rem wide beside the page: the footer ends below the strip
          and the page keeps out of the gutters, so nothing a player needs lies under them
          (docs/decisions/0034). */}
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
