/**
 * Instants as people read them. Stored instants are ISO-8601 UTC (docs/decisions/0003); pages say
 * so rather than guess the reader's zone on the server.
 */
const date = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const mediumDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  // h23, not hour12: false, which writes midnight as "24:00".
  hourCycle: "h23",
  timeZone: "UTC",
});

/** The UTC calendar day of an instant, as stored: "2026-11-21". */
export function utcDay(instant: Date | string): string {
  return (typeof instant === "string" ? new Date(instant) : instant).toISOString().slice(0, 10);
}

/** "November 21, 2026" */
export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

/**
 * "February 12, 2025" for an ISO date or instant (its UTC calendar day), or null if it is no
 * date (text typed by an admin, say).
 */
export function formatCalendarDate(iso: string): string | null {
  const day = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(day.getTime()) ? null : date.format(day);
}

/** "Nov 21, 2026" */
export function formatMediumDate(iso: string): string {
  return mediumDate.format(new Date(iso));
}

/** "Nov 21, 2026, 14:05 UTC" */
export function formatDateTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
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
