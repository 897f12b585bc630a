// Tab, CR, LF and the other C0/C1 controls: browsers drop some of them while resolving a URL
// (`/\t/evil.test` becomes `//evil.test`), and CR/LF would split a Location header.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;
/** Percent-decoding is undone at most this many times (a doubly encoded `%252F` included). */
const MAX_DECODINGS = 3;
const CHECK_ORIGIN = "http://same-origin.invalid";

/** A path that cannot leave the site however it is read: raw or after percent-decoding. */
function staysOnSite(path: string): boolean {
  return (
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !path.includes("\\") &&
    !CONTROL_CHARACTER.test(path)
  );
}

/**
 * The one guard for every redirect whose target the client chose (`redirectTo` of sign-in,
 * sign-out and the race widget): a path on this site, else the fallback. Refused: other origins
 * (`https://…`, `//host`, `/\host`), control characters and backslashes, also when they appear
 * only after percent-decoding (`/%09/host`, `/%2F%2Fhost`, `/%5Chost`), and malformed escapes.
 * Non-ASCII characters are percent-encoded (a Location header is ASCII), so any target gives a
 * redirect, never an error.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target) return fallback;
  let encoded: string;
  try {
    // encodeURIComponent throws on a lone surrogate, which no URL can carry.
    encoded = target.replace(/[\u0080-\uFFFF]+/g, (text) => encodeURIComponent(text));
  } catch {
    return fallback;
  }
  let decoded = encoded;
  for (let round = 0; round <= MAX_DECODINGS; round += 1) {
    if (!staysOnSite(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    if (round === MAX_DECODINGS) return fallback;
    decoded = next;
  }
  // Last word to the URL parser itself: the target must resolve on our own origin.
  if (new URL(encoded, CHECK_ORIGIN).origin !== CHECK_ORIGIN) return fallback;
  return encoded;
}
