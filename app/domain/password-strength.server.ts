import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * Refuses common and guessable new passwords (ASVS 5.0 V6.2.4 and V6.2.11;
 * docs/decisions/0010-password-rules.md) with zxcvbn-ts and its common dictionary: the most used
 * passwords, keyboard walks, repeats, sequences, dates, and the words of this site and account.
 * Server-only: the dictionary is about a megabyte and must stay out of the browser.
 */

export const PASSWORD_TOO_GUESSABLE =
  "This password is too common or easy to guess. Try a longer phrase of unrelated words";

// zxcvbn's score 2 and up: at least 10^6 guesses. Below are the common-password lists, keyboard
// patterns, repeats and words with a digit.
const MIN_SCORE = 2;
// Matching time grows with length (about 0.2 s at 128 characters); past 64 characters a
// password's strength does not hinge on its tail.
const CHECKED_LENGTH = 64;
const SITE_WORDS = ["goatedvips", "goated", "goatedvip", "goat", "vip"];

const estimator = new ZxcvbnFactory({
  dictionary: { ...dictionary },
  graphs: adjacencyGraphs,
  maxLength: CHECKED_LENGTH,
});

/**
 * The reason a new password is refused, or null when it will do. `context` holds the account's
 * own words (its username and e-mail), which a password must not lean on.
 */
export function passwordStrengthProblem(password: string, context: string[] = []): string | null {
  const { score } = estimator.check(password, [...SITE_WORDS, ...context]);
  return score < MIN_SCORE ? PASSWORD_TOO_GUESSABLE : null;
}
