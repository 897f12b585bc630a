/**
 * Linking a Goated account (docs/product.md §P2 "/profile", decision 0031): a user names their
 * provider player, which must be one of our referrals; an admin approves or rejects the request.
 * One player is linked to at most one user, and a user has at most one request pending.
 */
export const LINK_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type LinkRequestStatus = (typeof LINK_REQUEST_STATUSES)[number];

export type LinkDecision = "approve" | "reject";

/** Provider names are short; anything longer is not one of them. */
export const GOATED_USERNAME_MAX_LENGTH = 64;

export const GOATED_USERNAME_REQUIRED = "Enter your Goated username";
export const GOATED_USERNAME_TOO_LONG = `A Goated username has at most ${GOATED_USERNAME_MAX_LENGTH} characters`;
export const GOATED_USERNAME_NOT_FOUND =
  "We could not find that Goated username among GOATEDVIPS referrals";
export const GOATED_USERNAME_AMBIGUOUS =
  "Several referrals have that name in different cases: type it exactly as Goated shows it";
export const ALREADY_LINKED = "Your account is already linked to a Goated account";
export const REQUEST_ALREADY_PENDING = "You already have a link request pending review";
export const PLAYER_ALREADY_LINKED = "That Goated account is already linked to another user";
export const PLAYER_GONE = "That Goated account is no longer among GOATEDVIPS referrals";
export const LINK_REQUEST_NOT_FOUND = "Link request not found";
export const LINK_REQUEST_DECIDED = "This link request has already been decided";
export const NOT_LINKED = "Your account is not linked to a Goated account";

export const LINK_REQUESTED = "Link request sent: pending review";
export const LINK_DECIDED: Record<LinkDecision, string> = {
  approve: "Link request approved",
  reject: "Link request rejected",
};
export const UNLINKED = "Your Goated account has been unlinked";

/** The in-app notification the user gets once an admin decided (kind `account_link`). */
export function decisionNotice(decision: LinkDecision, playerName: string) {
  return decision === "approve"
    ? {
        title: "Goated account linked",
        message: `Your Goated account ${playerName} is now linked: your rank, wager totals and race position show on your profile.`,
      }
    : {
        title: "Goated link request rejected",
        message: `Your request to link the Goated account ${playerName} was not approved. Contact support on Telegram if this is a mistake.`,
      };
}

export type ParsedGoatedUsername = { ok: true; username: string } | { ok: false; message: string };

/** The typed name, trimmed; provider names have no surrounding spaces. */
export function parseGoatedUsername(value: unknown): ParsedGoatedUsername {
  const username = typeof value === "string" ? value.trim() : "";
  if (username === "") return { ok: false, message: GOATED_USERNAME_REQUIRED };
  if (username.length > GOATED_USERNAME_MAX_LENGTH) {
    return { ok: false, message: GOATED_USERNAME_TOO_LONG };
  }
  return { ok: true, username };
}

export type PlayerMatch<T> = { ok: true; player: T } | { ok: false; message: string };

/**
 * The referral a typed name names, among the referrals whose names equal it regardless of case:
 * the one spelled exactly so, else the only one; several differing only in case are ambiguous.
 */
export function matchPlayerByName<T extends { name: string }>(
  candidates: readonly T[],
  typed: string,
): PlayerMatch<T> {
  const exact = candidates.find((candidate) => candidate.name === typed);
  if (exact) return { ok: true, player: exact };
  const [only, ...others] = candidates;
  if (!only) return { ok: false, message: GOATED_USERNAME_NOT_FOUND };
  if (others.length > 0) return { ok: false, message: GOATED_USERNAME_AMBIGUOUS };
  return { ok: true, player: only };
}

/** Why a user may not ask to be linked to a player now, or null when they may. */
export function linkRequestProblem(state: {
  userLinked: boolean;
  hasPendingRequest: boolean;
  playerLinkedToAnother: boolean;
}): string | null {
  if (state.userLinked) return ALREADY_LINKED;
  if (state.hasPendingRequest) return REQUEST_ALREADY_PENDING;
  if (state.playerLinkedToAnother) return PLAYER_ALREADY_LINKED;
  return null;
}

/**
 * Why an admin may not make `decision` on a request now, or null. Rejecting needs only a pending
 * request; approving also a player still among the referrals, linked to nobody, and a user not
 * linked meanwhile.
 */
export function decisionProblem(
  decision: LinkDecision,
  state: {
    status: LinkRequestStatus;
    playerExists: boolean;
    userLinked: boolean;
    playerLinkedToAnother: boolean;
  },
): string | null {
  if (state.status !== "pending") return LINK_REQUEST_DECIDED;
  if (decision === "reject") return null;
  if (!state.playerExists) return PLAYER_GONE;
  if (state.userLinked) return ALREADY_LINKED;
  if (state.playerLinkedToAnother) return PLAYER_ALREADY_LINKED;
  return null;
}
