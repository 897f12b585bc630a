/** The current user as the pages and `/api/user` show it (docs/product.md §P3 "User"). */
export interface Account {
  id: number;
  username: string;
  email: string | null;
  /** The Telegram username as the member typed it: unverified. */
  telegramUsername: string | null;
  /** The @username of the Telegram account the member proved through the bot (migration 0033). */
  telegramVerifiedUsername: string | null;
  bio: string | null;
  profileColor: string;
  createdAt: string;
  goatedId: string | null;
  goatedUsername: string | null;
  /** All-time wager of the linked provider account, from the last sync; 0 when not linked. */
  totalWagered: number;
  isAdmin: boolean;
}

/** What anyone may see of a member (`/user/:id`, `/api/users/:id`): no e-mail, no sessions. */
export type PublicProfile = Omit<
  Account,
  "email" | "isAdmin" | "goatedId" | "telegramVerifiedUsername"
> & {
  /**
   * The typed Telegram name is the account proved through the bot (the page labels it); the
   * proved account itself stays on the member's own profile (docs/decisions/0084).
   */
  telegramVerified: boolean;
};

/** A username or e-mail another account already has. */
export type FieldConflict = { field: "username" | "email"; message: string };

/**
 * How every form and API call reports taken usernames and e-mails: the message on its field, and
 * all of them in one sentence for the answer's `message`.
 */
export function conflictErrors(conflicts: FieldConflict[]): {
  fieldErrors: Record<string, string[]>;
  message: string;
} {
  return {
    fieldErrors: Object.fromEntries(conflicts.map((c) => [c.field, [c.message]])),
    message: conflicts.map((c) => c.message).join(". "),
  };
}

/** The signed-in member as the site shell shows them (header, account menu, rank progress). */
export interface ShellUser {
  username: string;
  isAdmin: boolean;
  /** All-time wagered dollars of the linked provider account; 0 when none is linked. */
  totalWagered: number;
  /** Notifications in the user's inbox not yet read (the account menu shows it). */
  unreadNotifications: number;
  /** A usable bonus code was added since the member last opened /bonus-codes: the bell's dot. */
  newBonusCode: boolean;
  /** Support chat replies from staff the member has not read: the VIP Support widget's count. */
  supportUnread: number;
}
