import { useRef } from "react";
import { ChevronDownIcon } from "~/components/ui/icons";
import { useDetailsEnhancement } from "~/components/ui/hooks";
import { NavEntry, NavEntryList } from "./NavEntry";
import { navigationSections } from "./navigation";
import type { NavSection } from "./navigation";

const TOP_LEVEL =
  "inline-flex items-center whitespace-nowrap rounded-md px-1.5 py-2 font-display text-sm font-bold uppercase hover:text-primary focus-visible:text-primary";

/**
 * The desktop menu bar: the same for members and admins, so it fits from the same width; an
 * admin's ADMIN group is in the account menu beside it (AccountMenu, issue 35).
 */
export function DesktopNav({
  signedIn,
  className,
}: {
  signedIn: boolean;
  /** Hides it below the width it needs (Header's breakpoints). */
  className: string;
}) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex items-center">
        {navigationSections("desktop").map((section) => (
          <li key={section.label} className="relative">
            {section.links.length === 1 && section.links[0] ? (
              <NavEntry
                link={section.links[0]}
                signedIn={signedIn}
                menu="bar"
                className={TOP_LEVEL}
              />
            ) : (
              <DesktopDropdown section={section} signedIn={signedIn} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DesktopDropdown({ section, signedIn }: { section: NavSection; signedIn: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsEnhancement(ref);
  return (
    <details ref={ref} className="group/menu">
      <summary
        className={`${TOP_LEVEL} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
      >
        {section.label}
        <ChevronDownIcon className="ml-1 h-4 w-4 transition-transform group-open/menu:rotate-180" />
      </summary>
      <NavEntryList
        links={section.links}
        signedIn={signedIn}
        menu="bar"
        className="absolute left-0 top-full z-40 mt-2 min-w-52 rounded-lg border border-accent bg-card p-2 shadow-xl"
        itemClassName="flex items-center rounded-md px-3 py-2 text-sm hover:bg-accent focus-visible:bg-accent"
      />
    </details>
  );
}
