/**
 * The admin panel's seven cards (docs/product.md §A2), in the spec's order and words, each
 * linking to its page with a live figure.
 */
export type PanelFigure =
  | "users"
  | "liveRaces"
  | "tokenStatus"
  | "notificationsThisMonth"
  | "activeCodes"
  | "unreadSupport"
  | "playersSynced";

export interface PanelCard {
  title: string;
  text: string;
  to: string;
  figure: PanelFigure;
  figureLabel: string;
}

export const PANEL_CARDS: readonly PanelCard[] = [
  {
    title: "User Management",
    text: "Manage users, permissions and roles.",
    to: "/admin/users",
    figure: "users",
    figureLabel: "users",
  },
  {
    title: "Wager Races",
    text: "Configure and manage wager races.",
    to: "/admin/wager-races",
    figure: "liveRaces",
    figureLabel: "live races",
  },
  {
    title: "API Tokens",
    text: "Manage API tokens for external services.",
    to: "/admin/api-tokens",
    figure: "tokenStatus",
    figureLabel: "saved provider token",
  },
  {
    title: "Notifications",
    text: "Send and manage platform notifications.",
    to: "/admin/notifications",
    figure: "notificationsThisMonth",
    figureLabel: "sent this month",
  },
  {
    title: "Bonus Codes",
    text: "Create and manage bonus codes.",
    to: "/admin/bonus-codes",
    figure: "activeCodes",
    figureLabel: "active codes",
  },
  {
    title: "Support",
    text: "Manage support tickets and requests.",
    to: "/admin/support",
    figure: "unreadSupport",
    figureLabel: "unread conversations",
  },
  {
    title: "Analytics",
    text: "View platform metrics and statistics.",
    to: "/admin/analytics",
    figure: "playersSynced",
    figureLabel: "players synced",
  },
];
