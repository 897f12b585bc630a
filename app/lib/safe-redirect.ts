/**
 * Where to go after signing in: a path on this site, never another origin (`//evil.test`,
 * `/\evil.test` and absolute URLs are all refused), else the fallback.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return fallback;
  }
  // Control characters could split or smuggle a Location header.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F]/.test(target)) return fallback;
  return target;
}
