/**
 * The one id parser: a positive whole number from a URL segment (`/user/42`), a query value or
 * a form field, or null when the value is not one (so a bad id is a 404 or 400, never a query).
 */
export function parsePositiveId(value: FormDataEntryValue | null | undefined): number | null {
  return typeof value === "string" && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}
