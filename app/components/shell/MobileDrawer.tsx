import type { ReactNode } from "react";
import { useRef } from "react";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { useDetailsEnhancement } from "~/components/ui/hooks";
import { NavEntryList } from "./NavEntry";
import { navigationSections } from "./navigation";

/** The mobile menu, in a MenuDrawer. */
export function MobileDrawer({
  signedIn,
  isAdmin,
  className,
}: {
  signedIn: boolean;
  isAdmin: boolean;
  /** Hides it where the desktop navigation shows (Header's breakpoints). */
  className: string;
}) {
  return (
    <MenuDrawer className={className} buttonLabel="Menu" navLabel="Mobile" testId="mobile-drawer">
      {navigationSections("mobile", { isAdmin }).map((section) => (
        <section key={section.label} className="mb-4">
          <h2 className="mb-1 px-3 font-display text-sm font-bold uppercase tracking-widest text-muted">
            {section.label}
          </h2>
          <NavEntryList
            links={section.links}
            signedIn={signedIn}
            menu="drawer"
            itemClassName="flex items-center rounded-md px-3 py-3 text-base hover:bg-accent focus-visible:bg-accent"
          />
        </section>
      ))}
    </MenuDrawer>
  );
}

/**
 * A menu drawer: a <details> whose summary (the menu button) stays visible above the drawer, so
 * it opens and closes without JavaScript; with it, it also closes on navigation and Escape. The
 * site's mobile menu and the admin host's sections (AdminShell) are drawn in it.
 */
export function MenuDrawer({
  className,
  buttonLabel,
  navLabel,
  testId,
  children,
}: {
  /** Hides it where a bar of the same links shows. */
  className: string;
  buttonLabel: string;
  navLabel: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsEnhancement(ref);
  return (
    <details ref={ref} className={`group/drawer ${className}`} data-testid={testId}>
      <summary
        className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md border border-accent hover:text-primary [&::-webkit-details-marker]:hidden"
        aria-label={buttonLabel}
      >
        <MenuIcon className="group-open/drawer:hidden" />
        <CloseIcon className="hidden group-open/drawer:block" />
      </summary>
      <nav
        aria-label={navLabel}
        className="fixed inset-x-0 bottom-0 top-16 z-40 overflow-y-auto border-t border-accent bg-page/95 px-4 pb-8 pt-4 backdrop-blur"
      >
        {children}
      </nav>
    </details>
  );
}
