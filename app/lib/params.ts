/**
 * The largest id: ids are PostgreSQL `integer` identities (4 bytes), so a larger one would make
 * the query fail (a 500) rather than find nothing. SQLite takes the same bound.
 */
export const MAX_ID = 2_147_483_647;

/**
 * The one id parser: a positive whole number from a URL segment (`/user/42`), a query value or
 * a form field, or null when the value is not one (so a bad id is a 404 or 400, never a query).
 */
export function parsePositiveId(value: FormDataEntryValue | null | undefined): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
