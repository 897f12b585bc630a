/**
 * Whether a request's If-None-Match names `etag` (RFC 9110 §13.1.2: weak comparison, `*` matches
 * any), so the answer is a 304 without a body.
 */
export function ifNoneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch === "*" || ifNoneMatch.split(",").some((tag) => weak(tag) === weak(etag));
}
