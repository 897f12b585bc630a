/**
 * Race windows and countdowns. Race months are UTC calendar months; a window is [start, end)
 * (docs/decisions/0003). Functions take "now" so tests fix the clock.
 */
import type { RaceStatus } from "./race";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RaceWindow {
  start: Date;
  end: Date;
}

/** The UTC calendar month containing `now`: [first of the month, first of the next month). */
export function utcMonthWindow(now: Date): RaceWindow {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * The snapshot to record for a player the sync sees for the first time: their all-time total when
 * the UTC month began (all-time minus this month, never below 0), so this month's race counts
 * only this month's wagers even when our first sync happens mid-month. Null when that total is 0
 * (no snapshot already means 0) or when `now` is the month's first instant.
 */
export function monthStartBaseline(
  totals: { all_time: number; this_month: number },
  now: Date,
  start: Date = utcMonthWindow(now).start,
): { takenAt: string; allTime: number } | null {
  const allTime = monthStartTotal(totals, now, start);
  return allTime === null ? null : { takenAt: start.toISOString(), allTime };
}

/**
 * monthStartBaseline's total alone, for a caller storing many players: it computes the month's
 * start and its text once (100,000 `toISOString` calls were a tenth of a first store's planning).
 */
export function monthStartTotal(
  totals: { all_time: number; this_month: number },
  now: Date,
  start: Date,
): number | null {
  const allTime = Math.max(0, totals.all_time - totals.this_month);
  return allTime <= 0 || start.getTime() >= now.getTime() ? null : allTime;
}

/** How long the completion job waits for a good sync after a race's end before going without. */
export const COMPLETION_SYNC_GRACE_MS = 30 * MINUTE;

/**
 * The completion job freezes races that ended by this instant. Final standings want the
 * provider's totals from after the end (the first sync of a month records the month-start
 * baseline that closes the monthly race exactly), so a race waits for a good sync that started
 * at or after its end. When syncs keep failing it completes anyway once the job has watched for
 * 30 minutes past the end (`watchingSince`: when this process's job started, so a server that
 * was down over the end gives its own first syncs that time too): an outage never holds payouts.
 * Null while no race may be completed yet: no good sync (a fresh database, or a provider down
 * since the start) and less than 30 minutes of watching.
 */
export function completionCutoff(
  now: Date,
  lastGoodSyncStart: string | null,
  watchingSince: Date = new Date(0),
): Date | null {
  const graceEnd = now.getTime() - COMPLETION_SYNC_GRACE_MS;
  const candidates: number[] = [];
  if (watchingSince.getTime() <= graceEnd) candidates.push(graceEnd);
  const synced = lastGoodSyncStart === null ? Number.NaN : Date.parse(lastGoodSyncStart);
  if (Number.isFinite(synced)) candidates.push(Math.min(synced, now.getTime()));
  return candidates.length > 0 ? new Date(Math.max(...candidates)) : null;
}

/** The first instant of the UTC month after the one containing `now`. */
export function startOfNextUtcMonth(now: Date): Date {
  return utcMonthWindow(now).end;
}

/** "November 2026": the month of a window's start, in UTC. */
export function utcMonthName(instant: Date): string {
  return instant.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** Whole days, hours and minutes left until `end`; all zero once it has passed. */
export function timeLeft(end: Date, now: Date): { days: number; hours: number; minutes: number } {
  const ms = Math.max(0, end.getTime() - now.getTime());
  return {
    days: Math.floor(ms / DAY),
    hours: Math.floor((ms % DAY) / HOUR),
    minutes: Math.floor((ms % HOUR) / MINUTE),
  };
}

/** The countdown text 'Nd Nh Nm', or 'Race Ended' once the end has passed. */
export function countdownText(end: Date, now: Date): string {
  if (end.getTime() <= now.getTime()) return RACE_ENDED;
  const { days, hours, minutes } = timeLeft(end, now);
  return `${days}d ${hours}h ${minutes}m`;
}

export const RACE_ENDED = "Race Ended";

/**
 * A race's countdown: 'Race Ended' once it is completed, also before its end date (an admin may
 * complete a race early, docs/product.md §P4, §A4), else `countdownText` to its end.
 */
export function raceCountdownText(
  race: { status: RaceStatus; endDate: string },
  now: Date,
): string {
  return race.status === "completed" ? RACE_ENDED : countdownText(new Date(race.endDate), now);
}

/** Days left until the end, rounded up ('Ends In: N days'); 0 once it has passed. */
export function daysLeftRoundedUp(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY));
}

/** After a completion the site shows the previous race for this long (docs/product.md §P4, §P9). */
export const COMPLETED_VIEW_MS = HOUR;

export type PositionChange =
  | { direction: "up"; places: number }
  | { direction: "down"; places: number }
  | { direction: "same"; places: 0 };

/** The change against the previous position; null when there was no previous position. */
export function positionChange(
  position: number,
  previousPosition: number | null,
): PositionChange | null {
  if (previousPosition === null) return null;
  const places = previousPosition - position;
  if (places > 0) return { direction: "up", places };
  if (places < 0) return { direction: "down", places: -places };
  return { direction: "same", places: 0 };
}

const INSTANT_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))?)?$/;

export type ParsedInstant = { instant: string } | { problem: "format" | "calendar" };

/**
 * A date from a form or API client as an ISO-8601 UTC instant: "2026-11-21" (midnight UTC),
 * "2026-11-21T18:30" (a datetime-local field, read as UTC) or a full ISO-8601 instant with Z or an
 * offset. `problem` is "format" when it is none of these, "calendar" when its parts are no real
 * moment (2026-02-30, 24:00, an offset of +25:00): such dates are refused, never rolled over.
 */
export function parseUtcInstant(text: string): ParsedInstant {
  const match = INSTANT_TEXT.exec(text.trim());
  if (!match) return { problem: "format" };
  const part = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map(part) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [offsetHours, offsetMinutes] = [part(9), part(10)];
  if (offsetHours > 23 || offsetMinutes > 59) return { problem: "calendar" };
  // setUTCFullYear, unlike Date.UTC, keeps years 0 to 99 as they are.
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, Number((match[7] ?? "").padEnd(3, "0").slice(0, 3)));
  const roundTrips =
    local.getUTCFullYear() === year &&
    local.getUTCMonth() === month - 1 &&
    local.getUTCDate() === day &&
    local.getUTCHours() === hour &&
    local.getUTCMinutes() === minute &&
    local.getUTCSeconds() === second;
  if (!roundTrips) return { problem: "calendar" };
  const offset = (match[8] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * MINUTE;
  return { instant: new Date(local.getTime() - offset).toISOString() };
}

/** An instant as the value of a datetime-local field showing UTC: "2026-11-21T18:30". */
export function toUtcDateTimeLocal(iso: string): string {
  return iso.slice(0, 16);
}
