/**
 * Text the databases can store as it was sent (issue 30). PostgreSQL's `text` refuses a NUL
 * character and SQLite's full-text search reads one as the string's end (both answered 500); a
 * UTF-16 surrogate without its pair, or percent-encoded bytes that are not UTF-8, have no UTF-8
 * spelling and would be stored as something else. Every way input comes in checks it here: the
 * URL (app/http/http-app.server.ts), page forms (./form-body.server.ts) and JSON bodies
 * (./json-api.server.ts), before any route reads it, and refuses it with UNSTORABLE_TEXT_MESSAGE.
 */

export const UNSTORABLE_TEXT_MESSAGE =
  "The request contains characters that cannot be stored (a null byte or text that is not UTF-8).";

/** With the `u` flag a surrogate pair is one code point: only a lone half matches. */
const UNSTORABLE_CHARACTER = /[\0\uD800-\uDFFF]/u;

/** Runs of percent-encoded bytes, decoded together (a character may take several). */
const PERCENT_ENCODED_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** Whether a decoded string can be stored as it is. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_CHARACTER.test(text);
}

/**
 * Whether a percent-encoded string (a URL, an urlencoded body) decodes to storable text. The
 * URL parsers replace bytes that are not UTF-8 with U+FFFD; decodeURIComponent throws on them.
 */
export function isStorablePercentEncoded(encoded: string): boolean {
  if (!isStorableText(encoded)) return false;
  for (const [run] of encoded.matchAll(PERCENT_ENCODED_RUN)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(run);
    } catch {
      return false;
    }
    if (!isStorableText(decoded)) return false;
  }
  return true;
}

/** Whether every string in a parsed JSON value (keys included) is storable. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === "string") return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).every(
      ([key, item]) => isStorableText(key) && isStorableJson(item),
    );
  }
  return true;
}
