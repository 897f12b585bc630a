/**
 * Checks for plain text that people typed (titles, rules, descriptions): text that may be stored
 * and shown as is.
 */

// Control characters (C0, DEL, C1), and UTF-16 halves that are not part of a pair: a lone
// surrogate is no character at all and cannot be encoded as UTF-8.
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `text` holds a control character (NUL, escape, ...) or a lone surrogate. With
 * `lineBreaks: "allowed"` (multi-line fields) tabs and line breaks are fine.
 */
export function hasControlOrLoneSurrogate(
  text: string,
  { lineBreaks = "refused" }: { lineBreaks?: "allowed" | "refused" } = {},
): boolean {
  const control = lineBreaks === "allowed" ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL;
  return control.test(text) || LONE_SURROGATE.test(text);
}
