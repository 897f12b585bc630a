/** A numeric id from a URL segment (`/user/42`), or null when the segment is not one. */
export function parsePositiveId(value: string | null | undefined): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}
