import { utcDay } from "./time";
import { deviceFromUserAgent } from "./user-agent";
import type { DeviceName } from "./user-agent";

/**
 * The admin analytics (docs/product.md §A2 "Analytics"): the range chosen on the page, its UTC days,
 * and the shaping of the figures into chart geometry the page draws as SVG on the server.
 */

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** The `days` parameter of the page's GET form; anything else shows the default range. */
export function analyticsRangeOf(value: string | null): AnalyticsRange {
  return ANALYTICS_RANGES.find((range) => String(range) === value) ?? DEFAULT_ANALYTICS_RANGE;
}

const DAY_MS = 86_400_000;

/** The last `range` UTC days up to and including today, oldest first, and where they start. */
export interface DayWindow {
  days: string[];
  /** The first day's midnight UTC, as a stored instant. */
  from: string;
}

export function dayWindow(now: Date, range: AnalyticsRange): DayWindow {
  const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  const days = Array.from({ length: range }, (_, index) =>
    utcDay(new Date(today - (range - 1 - index) * DAY_MS)),
  );
  return { days, from: `${days[0]}T00:00:00.000Z` };
}

/** A figure for one day; null where there is nothing to measure (no sync ran that day). */
export interface DailyPoint {
  day: string;
  value: number | null;
}

/** One point per day of the window: the day's row, else `missing` (0 for counts). */
export function fillDays(
  days: readonly string[],
  rows: ReadonlyArray<{ day: string; value: number }>,
  missing: number | null = 0,
): DailyPoint[] {
  const byDay = new Map(rows.map((row) => [row.day, row.value]));
  return days.map((day) => ({ day, value: byDay.get(day) ?? missing }));
}

/** The sum of a series' known values. */
export function seriesTotal(points: readonly DailyPoint[]): number {
  return points.reduce((sum, point) => sum + (point.value ?? 0), 0);
}

/**
 * The top of a chart's scale: the smallest 1, 2 or 5 times a power of ten at or above the largest
 * value (at least `floor`), so the gridlines fall on round numbers.
 */
export function niceMaximum(largest: number, floor = 1): number {
  const target = Math.max(largest, floor);
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= target - 1e-9) ?? 10;
  return step * power;
}

export interface ChartSize {
  width: number;
  height: number;
}

export interface DailyBar {
  day: string;
  value: number | null;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A daily series scaled into a chart's plot area (y grows downwards, as in SVG). */
export interface DailyChartGeometry extends ChartSize {
  max: number;
  /** Gridlines at 0, half and the top of the scale, bottom first. */
  gridlines: Array<{ value: number; y: number }>;
  bars: DailyBar[];
  /** An SVG path through the known values, for a line chart; empty when there are none. */
  line: string;
}

const round = (value: number) => Math.round(value * 100) / 100;

export function dailyChart(
  points: readonly DailyPoint[],
  size: ChartSize,
  { maxValue }: { maxValue?: number } = {},
): DailyChartGeometry {
  const max = maxValue ?? niceMaximum(Math.max(0, ...points.map((point) => point.value ?? 0)));
  const slot = points.length > 0 ? size.width / points.length : size.width;
  const gap = slot > 6 ? slot * 0.2 : 0;
  const yOf = (value: number) => round(size.height - (value / max) * size.height);
  const bars = points.map((point, index) => {
    const top = yOf(point.value ?? 0);
    return {
      day: point.day,
      value: point.value,
      x: round(index * slot + gap / 2),
      y: top,
      width: round(slot - gap),
      height: round(size.height - top),
    };
  });
  // A gap in the data (null) lifts the pen: the next known value starts a new segment.
  const segments: string[] = [];
  let penDown = false;
  points.forEach((point, index) => {
    if (point.value === null) {
      penDown = false;
      return;
    }
    segments.push(`${penDown ? "L" : "M"}${round(index * slot + slot / 2)},${yOf(point.value)}`);
    penDown = true;
  });
  const gridlines = [0, max / 2, max].map((value) => ({ value, y: yOf(value) }));
  return { ...size, max, gridlines, bars, line: segments.join(" ") };
}

/** A labelled figure drawn as a horizontal bar, its length a share of the largest. */
export interface ShareBar {
  label: string;
  value: number;
  width: number;
}

export function shareBars(
  items: ReadonlyArray<{ label: string; value: number }>,
  width: number,
): ShareBar[] {
  const largest = Math.max(0, ...items.map((item) => item.value));
  return items.map((item) => ({
    ...item,
    width: largest > 0 ? round((item.value / largest) * width) : 0,
  }));
}

/** Sessions counted by device, most first (ties by name); devices without sessions are left out. */
export function sessionsByDevice(
  rows: ReadonlyArray<{ userAgent: string; sessions: number }>,
): Array<{ label: DeviceName; value: number }> {
  const counts = new Map<DeviceName, number>();
  for (const row of rows) {
    const device = deviceFromUserAgent(row.userAgent);
    counts.set(device, (counts.get(device) ?? 0) + row.sessions);
  }
  return [...counts]
    .filter(([, value]) => value > 0)
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/** Finished sync runs of one day by outcome. */
export interface SyncDay {
  day: string;
  succeeded: number;
  failed: number;
}

/** The share of finished runs that succeeded, in percent (one decimal); null when none ran. */
export function successRate(runs: ReadonlyArray<Omit<SyncDay, "day">>): number | null {
  const succeeded = runs.reduce((sum, run) => sum + run.succeeded, 0);
  const finished = succeeded + runs.reduce((sum, run) => sum + run.failed, 0);
  return finished === 0 ? null : Math.round((succeeded / finished) * 1000) / 10;
}

/** Each day's success rate, null on days without a finished run. */
export function dailySuccessRates(days: readonly string[], runs: readonly SyncDay[]): DailyPoint[] {
  const byDay = new Map(runs.map((run) => [run.day, run]));
  return days.map((day) => {
    const run = byDay.get(day);
    return { day, value: run ? successRate([run]) : null };
  });
}

/** "Nov 21": a day's label on a chart axis and in the tables. */
export function shortDayLabel(day: string): string {
  return new Date(`${day}T00:00:00.000Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * A daily chart's figures in words (its SVG description and caption): the total or average, and
 * the day with the highest value. `summary` says what the series adds up to.
 */
export function describeDaily(
  points: readonly DailyPoint[],
  format: (value: number) => string,
  summary: "total" | "average",
): string {
  const known = points.filter(
    (point): point is { day: string; value: number } => point.value !== null,
  );
  if (known.length === 0) return "No data in this range.";
  const peak = known.reduce((best, point) => (point.value > best.value ? point : best));
  const total = seriesTotal(known);
  const overall =
    summary === "total"
      ? `${format(total)} in all`
      : `${format(Math.round((total / known.length) * 10) / 10)} a day on average`;
  return `${overall}; the highest, ${format(peak.value)}, on ${shortDayLabel(peak.day)}.`;
}
