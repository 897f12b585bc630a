/**
 * Instants as people read them. Stored instants are ISO-8601 UTC (docs/decisions/0003); pages say
 * so rather than guess the reader's zone on the server.
 */
// Written by hand, as Intl's "en-US" writes them (the unit test compares): a browser's first Intl
// formatter loads its locale data, and building these three when the module was evaluated was the
// longest task of /profile, /admin and the race pages on a slow phone (docs/decisions/0073).
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The UTC fields of an instant; an invalid one throws, as Intl's format does. */
function utcParts(instant: Date) {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid time value");
  const month = MONTHS[instant.getUTCMonth()] ?? "";
  return {
    month,
    shortMonth: month.slice(0, 3),
    day: instant.getUTCDate(),
    year: instant.getUTCFullYear(),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "November 21, 2026" */
function longDate(instant: Date): string {
  const { month, day, year } = utcParts(instant);
  return `${month} ${day}, ${year}`;
}

/** The UTC calendar day of an instant, as stored: "2026-11-21". */
export function utcDay(instant: Date | string): string {
  return (typeof instant === "string" ? new Date(instant) : instant).toISOString().slice(0, 10);
}

/** "November 21, 2026" */
export function formatDate(iso: string): string {
  return longDate(new Date(iso));
}

/**
 * "February 12, 2025" for an ISO date or instant (its UTC calendar day), or null if it is no
 * date (text typed by an admin, say).
 */
export function formatCalendarDate(iso: string): string | null {
  const day = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(day.getTime()) ? null : longDate(day);
}

/** "Nov 21, 2026" */
export function formatMediumDate(iso: string): string {
  const { shortMonth, day, year } = utcParts(new Date(iso));
  return `${shortMonth} ${day}, ${year}`;
}

/** "Nov 21, 2026, 14:05 UTC" */
export function formatDateTime(iso: string): string {
  const instant = new Date(iso);
  const { shortMonth, day, year } = utcParts(instant);
  // Midnight is "00:00" (Intl's h23), never "24:00".
  const time = `${twoDigits(instant.getUTCHours())}:${twoDigits(instant.getUTCMinutes())}`;
  return `${shortMonth} ${day}, ${year}, ${time} UTC`;
}

/** "Just Now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function formatTimeAgo(iso: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 1000));
  if (seconds < 60) return "Just Now";
  const units: Array<[number, string]> = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
    }
  }
  return "Just Now";
}

/** How finely the pages members share read the clock: their countdowns show minutes. */
export const PAGE_CLOCK_STEP_MS = 10_000;

/**
 * `instant` rounded down to PAGE_CLOCK_STEP_MS, as the home page and the race read the time: the
 * members who ask within those 10 s then have the same data, and the page rendered once for that
 * data serves them all (app/http/signed-in-documents.server.ts, docs/decisions/0112).
 */
export function pageClock(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / PAGE_CLOCK_STEP_MS) * PAGE_CLOCK_STEP_MS);
}
