import { Form, Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { ProfileEmblem } from "~/components/profile/ProfileEmblem";
import { ChevronDownIcon } from "~/components/ui/icons";
import { useDetailsEnhancement } from "~/components/ui/hooks";
import type { ShellUser } from "~/domain/account";

const ITEM =
  "flex w-full items-center rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent";

/** The signed-in header's menu (docs/product.md §P2): Profile, Settings and Logout (a POST). */
export function AccountMenu({ user }: { user: ShellUser }) {
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
        <span className="hidden max-w-32 truncate text-sm font-semibold sm:inline">
          {user.username}
        </span>
        {/* Below 380 px the header needs the room; the emblem alone opens the menu. */}
        <ChevronDownIcon className="hidden h-4 w-4 transition-transform group-open/account:rotate-180 min-[380px]:block" />
      </summary>
      <ul className="absolute right-0 top-full z-40 mt-2 min-w-44 rounded-lg border border-accent bg-card p-2 shadow-xl">
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
