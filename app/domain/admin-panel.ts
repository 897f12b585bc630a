import { DEFAULT_BACKUP_INTERVAL_HOURS, STALE_AFTER_INTERVALS } from "./backups";
import type { BackupHealth } from "./backups";
import { describeAge } from "./data-age";

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
  /** The label after a figure of 1, where it differs ("1 user", not "1 users"). */
  figureLabelOne?: string;
}

export const PANEL_CARDS: readonly PanelCard[] = [
  {
    title: "User Management",
    text: "Manage users, permissions and roles.",
    to: "/admin/users",
    figure: "users",
    figureLabel: "users",
    figureLabelOne: "user",
  },
  {
    title: "Wager Races",
    text: "Configure and manage wager races.",
    to: "/admin/wager-races",
    figure: "liveRaces",
    figureLabel: "live races",
    figureLabelOne: "live race",
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
    figureLabelOne: "active code",
  },
  {
    title: "Support",
    text: "Manage support tickets and requests.",
    to: "/admin/support",
    figure: "unreadSupport",
    figureLabel: "unread conversations",
    figureLabelOne: "unread conversation",
  },
  {
    title: "Analytics",
    text: "View platform metrics and statistics.",
    to: "/admin/analytics",
    figure: "playersSynced",
    figureLabel: "players synced",
    figureLabelOne: "player synced",
  },
];

/** A card's label after its figure: singular after "1". */
export function panelFigureLabel(card: PanelCard, figure: string): string {
  return figure === "1" && card.figureLabelOne ? card.figureLabelOne : card.figureLabel;
}

/** The Backups card (docs/operations.md "Backups"): the last backup's age and a warning when it is stale. */
export interface BackupCard {
  /** Who makes the backups. */
  how: string;
  figure: string;
  figureLabel: string;
  /** The newest run's failure, when the newest run failed. */
  lastFailure: string | null;
  warning: string | null;
}

export function backupCard({
  health,
  lastRunFailure,
  intervalHours,
  now,
}: {
  health: BackupHealth;
  lastRunFailure: string | null;
  intervalHours: number;
  now: Date;
}): BackupCard {
  const lastFailure = lastRunFailure && `The last run failed: ${lastRunFailure}`;
  const how = "npm run backup, and the server every interval.";
  if (health.state === "none") {
    return {
      how,
      figure: "None",
      figureLabel: "successful backups yet",
      lastFailure,
      warning: "No backup has succeeded yet: run npm run backup.",
    };
  }
  const hours =
    STALE_AFTER_INTERVALS * (intervalHours > 0 ? intervalHours : DEFAULT_BACKUP_INTERVAL_HOURS);
  return {
    how,
    figure: describeAge(health.lastSuccessAt, now.toISOString()),
    figureLabel: "last successful backup",
    lastFailure,
    warning:
      health.state === "stale"
        ? `The last successful backup is older than ${hours} hours: check the backup job.`
        : null,
  };
}
