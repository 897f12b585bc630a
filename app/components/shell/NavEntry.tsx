import { Link, useLocation } from "@remix-run/react";
import { parseLeaderboardPeriod } from "~/domain/leaderboard-period";
import { LockIcon } from "~/components/ui/icons";
import { MEMBERS_ONLY_TOOLTIP } from "./navigation";
import type { NavLink, NavMark } from "./navigation";

function isNavLinkActive(link: NavLink, pathname: string, search: string): boolean {
  const target = new URL(link.to, "http://site.invalid");
  if (target.pathname !== pathname) return false;
  if (!link.period) return true;
  return parseLeaderboardPeriod(new URLSearchParams(search).get("period")) === link.period;
}

function NavMarkBadge({ mark }: { mark: NavMark }) {
  if (mark === "LIVE") {
    return (
      <span className="ml-1.5 inline-flex items-center gap-1 rounded-full bg-red-600/20 px-1.5 py-0.5 text-xs font-bold tracking-wider text-red-400">
        <span
          className="h-1.5 w-1.5 rounded-full bg-red-500 motion-safe:animate-pulse-few"
          aria-hidden="true"
        />
        LIVE
      </span>
    );
  }
  return (
    <span className="ml-1.5 rounded-full bg-primary/15 px-1.5 py-0.5 text-xs font-bold tracking-wider text-primary">
      {mark}
    </span>
  );
}

/**
 * One navigation entry: a link, or for a visitor a members-only entry shown disabled with a lock
 * and a tooltip (focusable, so keyboard users get the tooltip too). The tooltip's id comes from
 * the menu and the link, not useId: the header is also rendered on its own, outside the page's
 * tree, and must come out byte for byte the same (app/http/signed-in-documents.server.ts).
 */
export function NavEntry({
  link,
  signedIn,
  menu,
  className,
}: {
  link: NavLink;
  signedIn: boolean;
  /** Which of the header's menus this entry is in (the drawer's and the bar's ids differ). */
  menu: "drawer" | "bar";
  className: string;
}) {
  const { pathname, search } = useLocation();
  const tooltipId = `${menu}-tip${link.to.replace(/[^a-z0-9]+/gi, "-")}`;
  if (link.membersOnly && !signedIn) {
    return (
      <span
        className={`${className} group relative cursor-not-allowed opacity-60`}
        aria-disabled="true"
        aria-describedby={tooltipId}
        tabIndex={0}
      >
        {link.label}
        <LockIcon className="ml-2 h-4 w-4" />
        <span
          id={tooltipId}
          role="tooltip"
          className="pointer-events-none absolute left-1/2 top-full z-50 mt-1 hidden w-56 -translate-x-1/2 rounded-md border border-accent bg-page px-3 py-2 text-xs font-normal normal-case tracking-normal text-white shadow-lg group-hover:block group-focus:block"
        >
          {MEMBERS_ONLY_TOOLTIP}
        </span>
      </span>
    );
  }
  const active = isNavLinkActive(link, pathname, search);
  return (
    <Link
      to={link.to}
      prefetch="intent"
      aria-current={active ? "page" : undefined}
      className={`${className} ${active ? "text-primary" : ""}`}
    >
      {link.label}
      {link.mark ? <NavMarkBadge mark={link.mark} /> : null}
    </Link>
  );
}

/** A list of navigation entries, one menu's (the drawer's, a bar's dropdown, the admin sections). */
export function NavEntryList({
  links,
  signedIn,
  menu,
  className,
  itemClassName,
}: {
  links: readonly NavLink[];
  signedIn: boolean;
  menu: "drawer" | "bar";
  className?: string;
  itemClassName: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavEntry link={link} signedIn={signedIn} menu={menu} className={itemClassName} />
        </li>
      ))}
    </ul>
  );
}
