import { PERIOD_NAMES } from "~/domain/leaderboard-period";
import type { LeaderboardPeriod } from "~/domain/leaderboard-period";

export type NavMark = "LIVE" | "ONGOING";

export interface NavLink {
  label: string;
  to: string;
  mark?: NavMark;
  /** Shown locked to visitors: the page needs an account. */
  membersOnly?: boolean;
  /** Listed in the mobile drawer only (docs/product.md §P2: challenges). */
  mobileOnly?: boolean;
  /** For leaderboard entries: the period the link opens, to mark the active tab. */
  period?: LeaderboardPeriod;
}

export interface NavSection {
  label: string;
  links: NavLink[];
}

export type NavVariant = "desktop" | "mobile";

// docs/product.md §P2: the desktop menu writes all_time, the mobile menu all-time; the
// leaderboard reads both.
function leaderboardLink(period: LeaderboardPeriod, variant: NavVariant): NavLink {
  const { label, mobileUrlValue } = PERIOD_NAMES[period];
  const value = variant === "mobile" ? mobileUrlValue : period;
  return { label, to: `/leaderboard?period=${value}`, period };
}

// docs/product.md §P2 lists dashboard, user management, notifications, support, wager races and
// bonus codes; an entry is listed once its page exists (no menu entry leads to a 404), so the
// support issue adds its entry after Notifications.
const ADMIN_LINKS: NavLink[] = [
  { label: "Dashboard", to: "/admin/dashboard" },
  { label: "User Management", to: "/admin/user-management" },
  { label: "Notifications", to: "/admin/notifications" },
  { label: "Support", to: "/admin/support" },
  { label: "Wager Races", to: "/admin/wager-races" },
  { label: "Bonus Codes", to: "/admin/bonus-codes" },
  { label: "Giveaways", to: "/admin/giveaways" },
];
// §P2: the mobile admin group omits these.
const DESKTOP_ONLY_ADMIN_PATHS = new Set(["/admin/notifications", "/admin/support"]);

/** The ADMIN group's entries for a menu of this variant. */
export function adminLinks(variant: NavVariant): NavLink[] {
  return ADMIN_LINKS.filter(
    (link) => variant === "desktop" || !DESKTOP_ONLY_ADMIN_PATHS.has(link.to),
  );
}

/**
 * Every navigation entry of docs/product.md §P2, in its order, grouped the way the menus show them; admins
 * also get the ADMIN group (the mobile one without notifications and support).
 */
export function navigationSections(
  variant: NavVariant,
  { isAdmin = false }: { isAdmin?: boolean } = {},
): NavSection[] {
  const sections: NavSection[] = [
    { label: "Home", links: [{ label: "Home", to: "/" }] },
    {
      label: "Get Started",
      links: [
        { label: "How It Works", to: "/how-it-works" },
        { label: "VIP Transfer", to: "/vip-transfer" },
        { label: "Tips & Strategies", to: "/tips-and-strategies" },
        { label: "VIP Program", to: "/vip-program" },
      ],
    },
    {
      label: "Wager Races",
      links: [
        { label: "Wager Races", to: "/wager-races", mark: "LIVE" },
        { label: "Challenges", to: "/challenges", mark: "ONGOING", mobileOnly: true },
      ],
    },
    {
      label: "Promotions",
      links: [
        { label: "Promotions", to: "/promotions" },
        { label: "Goated Airdrop", to: "/goated-token" },
        { label: "Giveaways", to: "/giveaways" },
        { label: "Bonus Codes", to: "/bonus-codes", membersOnly: true },
      ],
    },
    {
      label: "Leaderboards",
      links: (["daily", "weekly", "monthly", "all_time"] as const).map((period) =>
        leaderboardLink(period, variant),
      ),
    },
    {
      label: "Socials",
      links: [
        { label: "Socials", to: "/socials" },
        { label: "Telegram", to: "/telegram" },
      ],
    },
    {
      label: "Help & FAQ",
      links: [
        { label: "Help", to: "/help" },
        { label: "FAQ", to: "/faq" },
        { label: "VIP Support", to: "/support" },
      ],
    },
  ];
  if (isAdmin) {
    sections.push({ label: "Admin", links: adminLinks(variant) });
  }
  return sections
    .map((section) => ({
      ...section,
      links: section.links.filter((link) => variant === "mobile" || !link.mobileOnly),
    }))
    .filter((section) => section.links.length > 0);
}

export const MEMBERS_ONLY_TOOLTIP = "Sign in to access bonus codes and rewards";
