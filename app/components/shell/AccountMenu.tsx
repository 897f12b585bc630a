import { Form, Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { ProfileEmblem } from "~/components/profile/ProfileEmblem";
import { ChevronDownIcon } from "~/components/ui/icons";
import { useDetailsEnhancement } from "~/components/ui/hooks";
import type { ShellUser } from "~/domain/account";
import { adminLinks } from "./navigation";

const ITEM =
  "flex w-full items-center rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent";

/** "3 unread notifications", or null for none. */
function unreadText(count: number): string | null {
  if (count === 0) return null;
  return count === 1 ? "1 unread notification" : `${count} unread notifications`;
}

/** The unread count as a badge; above 99 it says 99+. */
function UnreadBadge({ count, className = "" }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`min-w-5 rounded-full bg-primary px-1.5 text-center text-xs font-bold leading-5 text-primary-foreground ${className}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/**
 * The signed-in header's menu (docs/product.md §P2), on desktop and phones alike: Notifications
 * (with the unread count, also on the menu's button), Profile, Settings and Logout (a POST). An
 * admin's ADMIN group is here where the desktop menu bar shows, so the bar fits where a member's
 * does (issue 35); the drawer lists it on narrower screens.
 */
export function AccountMenu({ user }: { user: ShellUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsEnhancement(ref);
  const location = useLocation();
  const unread = unreadText(user.unreadNotifications);
  return (
    <details ref={ref} className="group/account relative">
      <summary
        aria-label={`Account menu for ${user.username}${unread ? `, ${unread}` : ""}`}
        className="relative flex cursor-pointer list-none items-center gap-2 rounded-md px-1 py-1 hover:text-primary [&::-webkit-details-marker]:hidden"
      >
        <ProfileEmblem username={user.username} size="small" />
        <UnreadBadge
          count={user.unreadNotifications}
          className="absolute -right-1 -top-1 sm:static"
        />
        {/* Beside the desktop navigation (1,280-1,535 px) only the emblem fits. */}
        <span className="hidden max-w-32 truncate text-sm font-bold sm:inline xl:hidden 2xl:inline">
          {user.username}
        </span>
        {/* Below 380 px the header needs the room; the emblem alone opens the menu. */}
        <ChevronDownIcon className="hidden h-4 w-4 transition-transform group-open/account:rotate-180 min-[380px]:block" />
      </summary>
      <ul className="absolute right-0 top-full z-40 mt-2 min-w-44 rounded-lg border border-accent bg-card p-2 shadow-xl">
        <li>
          <Link
            to="/notifications"
            className={`${ITEM} justify-between gap-3`}
            aria-label={unread ? `Notifications, ${unread}` : "Notifications"}
          >
            Notifications
            <UnreadBadge count={user.unreadNotifications} />
          </Link>
        </li>
        <li>
          <Link to="/profile" className={ITEM}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/notification-preferences" className={ITEM}>
            Settings
          </Link>
        </li>
        {user.isAdmin ? (
          <li className="hidden border-y border-accent py-1 xl:block">
            <p
              aria-hidden="true"
              className="px-3 py-1 font-display text-sm font-bold uppercase tracking-widest text-muted"
            >
              Admin
            </p>
            <ul aria-label="Admin">
              {adminLinks("desktop").map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={ITEM}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ) : null}
        <li>
          <Form method="post" action="/logout" reloadDocument>
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className={ITEM}>
              Logout
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
