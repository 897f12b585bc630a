import { Form, Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { DemoDataNotice } from "~/components/leaderboard/DemoDataNotice";
import { ProfileEmblem } from "~/components/profile/ProfileEmblem";
import { Toaster } from "~/components/ui/Toaster";
import { useDetailsEnhancement } from "~/components/ui/hooks";
import { ChevronDownIcon } from "~/components/ui/icons";
import type { ShellUser } from "~/domain/account";
import { Logo } from "./Logo";
import { MenuDrawer } from "./MobileDrawer";
import { NavigationProgress } from "./NavigationProgress";
import { NavEntryList } from "./NavEntry";
import { adminLinks } from "./navigation";
import type { ShellProps } from "./SiteShell";
import { SkipLink } from "./SiteShell";

const SECTIONS = adminLinks("desktop");
const ITEM =
  "flex w-full items-center rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent";

/**
 * The frame of the admin host's pages (ADMIN_HOST, app/lib/admin-host.ts), which serves the admin
 * area alone: the admin sections and the account's sign-out, and nothing of the public site (its
 * menu, PLAY, footer and support button would only lead back to the admin login). Nothing floats
 * over the page (docs/decisions/0096).
 */
export function AdminShell({ user, toast, demoData, children }: ShellProps) {
  // The sections are the admin's: a visitor (the login page) or a member gets the frame alone.
  const admin = user?.isAdmin ? user : null;
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <header className="sticky top-0 z-50 border-b border-accent bg-page/95">
        <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
          {admin ? <AdminSectionsMenu /> : null}
          <Link to="/admin" className="flex shrink-0 items-center gap-2">
            <Logo className="h-5 w-auto sm:h-7" />
            <span className="font-display text-sm font-bold uppercase tracking-widest text-primary">
              Admin
            </span>
          </Link>
          <div className="flex flex-1 justify-center">
            {admin ? (
              <nav aria-label="Admin sections" className="hidden xl:block">
                <NavEntryList
                  links={SECTIONS}
                  signedIn
                  menu="bar"
                  className="flex items-center"
                  itemClassName="inline-flex whitespace-nowrap rounded-md px-1.5 py-2 font-display text-sm font-bold uppercase hover:text-primary focus-visible:text-primary"
                />
              </nav>
            ) : null}
          </div>
          {user ? <AdminAccountMenu user={user} /> : null}
        </div>
      </header>
      {demoData ? <DemoDataNotice /> : null}
      <main id="main" className="relative min-h-[60vh]">
        {children}
      </main>
      <Toaster serverToast={toast} />
    </>
  );
}

/** Below 1280 px, the admin sections in a drawer (opens without JavaScript). */
function AdminSectionsMenu() {
  return (
    <MenuDrawer className="xl:hidden" buttonLabel="Admin menu" navLabel="Admin sections">
      <NavEntryList
        links={SECTIONS}
        signedIn
        menu="drawer"
        itemClassName="flex items-center rounded-md px-3 py-3 text-base hover:bg-accent focus-visible:bg-accent"
      />
    </MenuDrawer>
  );
}

/** The signed-in account on the admin host: signing out (a POST, as everywhere). */
function AdminAccountMenu({ user }: { user: ShellUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsEnhancement(ref);
  const location = useLocation();
  return (
    <details ref={ref} className="group/account relative">
      <summary
        aria-label={`Account menu for ${user.username}`}
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-1 py-1 hover:text-primary [&::-webkit-details-marker]:hidden"
      >
        <ProfileEmblem username={user.username} size="small" />
        <span className="hidden max-w-32 truncate text-sm font-bold sm:inline">
          {user.username}
        </span>
        <ChevronDownIcon className="h-4 w-4 transition-transform group-open/account:rotate-180" />
      </summary>
      <ul className="absolute right-0 top-full z-40 mt-2 min-w-44 rounded-lg border border-accent bg-card p-2 shadow-xl">
        <li>
          <Form method="post" action="/logout" reloadDocument>
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className={ITEM}>
              Sign out
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
