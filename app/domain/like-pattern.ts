/** The escape character our LIKE patterns declare (`... LIKE ? ESCAPE '\'`). */
export const LIKE_ESCAPE = "\\";

/**
 * A LIKE pattern matching any text that contains `text` literally: the wildcards `%` and `_` and
 * the escape character itself are escaped, so a search for "50%_off" finds exactly that.
 */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`)}%`;
}
