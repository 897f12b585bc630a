/**
 * Privacy by choice (issue 34 item 3, docs/decisions/0081): how a provider player's name is shown
 * to the public. The one helper every public page, API answer, socket message, e-mail, image and
 * push goes through is `publicPlayerName` (the services apply it where they hand names out).
 */

/** Shown in place of the hidden middle of a name; always four, so a mask does not tell the length. */
const HIDDEN = "****";

/**
 * A name masked `Lu****ck`-style: the same name always gives the same mask. How much is kept
 * grows with the name, so a short name is never shown nearly whole: up to 4 characters, the first
 * one only (`B****`); 5 to 7, the first and the last (`B****y`); 8 or more, the first two and the
 * last two. Characters are code points, as SQL's length() and substr() count them
 * (`maskedNameSql` in app/services/players/player-names.server.ts does the same in the database).
 */
export function maskPlayerName(name: string): string {
  const chars = Array.from(name);
  const n = chars.length;
  if (n <= 4) return `${chars.slice(0, 1).join("")}${HIDDEN}`;
  if (n <= 7) return `${chars[0]}${HIDDEN}${chars[n - 1]}`;
  return `${chars.slice(0, 2).join("")}${HIDDEN}${chars.slice(n - 2).join("")}`;
}

/** What decides how names are shown: the site setting and the players who chose to show theirs. */
export interface PlayerNamePolicy {
  /** The site setting (PUT /api/admin/settings `maskPlayerNames`). */
  maskPlayerNames: boolean;
  /** The uids of linked players who chose to show their name while masking is on. */
  shownUids: ReadonlySet<string>;
}

/** Real names everywhere: masking off, or an admin's view. */
export const REAL_NAMES: PlayerNamePolicy = { maskPlayerNames: false, shownUids: new Set() };

/** The name the public sees for the player `uid` whose provider name is `name`. */
export function publicPlayerName(policy: PlayerNamePolicy, uid: string, name: string): string {
  if (!policy.maskPlayerNames || policy.shownUids.has(uid)) return name;
  return maskPlayerName(name);
}

/** `rows` with each `name` as the public sees it (the same array when nothing is masked). */
export function withPublicNames<T extends { uid: string; name: string }>(
  policy: PlayerNamePolicy,
  rows: T[],
): T[] {
  if (!policy.maskPlayerNames) return rows;
  return rows.map((row) => ({ ...row, name: publicPlayerName(policy, row.uid, row.name) }));
}

/** True when a search term could only match a mask (it holds the mask's hidden part). */
export function searchesMasks(term: string): boolean {
  return term.includes("*");
}

export const SITE_SETTINGS_SAVED = "Site settings saved.";

/** The choices of the admin's setting and of a linked member's form, as their forms post them. */
export const NAME_CHOICE_FIELD = "playerName";
export type NameChoice = "show" | "mask";
export const NAME_CHOICE_REFUSED = "Choose to show your name or keep it masked.";
export const MASKING_CHOICE_REFUSED = "Choose to show or to mask player names.";

/** A posted choice: "show" or "mask", anything else null (the form answers 400). */
export function parseNameChoice(value: FormDataEntryValue | null): NameChoice | null {
  return value === "show" || value === "mask" ? value : null;
}
