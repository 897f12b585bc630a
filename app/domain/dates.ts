const calendarDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "February 12, 2025" for an ISO date or instant (UTC calendar day), or null if it is no date. */
export function formatCalendarDate(iso: string): string | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? null : calendarDate.format(date);
}
