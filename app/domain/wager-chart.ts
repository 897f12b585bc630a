/**
 * Wager over time as a chart (issue 32 item 5): the instants a chart samples, the wager at each,
 * pace and projected finish, and the chart's coordinates and SVG paths, computed on the server so
 * the page's markup is the whole chart (no script draws it).
 */
import { roundToCents } from "./money";
import { HOURLY_DETAIL_MS, HOUR_MS } from "./retention";
import { formatDateTime } from "./time";

const DAY_MS = 24 * HOUR_MS;

/**
 * The sampling steps, shortest first. Each is a whole number of hours or days, so its boundaries
 * are hour or UTC day ends, whose totals the snapshot retention keeps exact (app/domain/retention.ts):
 * hour ends for 90 days, day ends for ever.
 */
const STEPS_MS = [1, 2, 3, 6, 12, 24, 48, 96, 168, 336].map((hours) => hours * HOUR_MS);
/** At most this many intervals between samples: a few points per line keep the markup small. */
export const MAX_INTERVALS = 31;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The instants a chart over [from, until] samples: `from`, every step boundary strictly between,
 * and `until`. The step is the shortest giving at most MAX_INTERVALS intervals among those whose
 * boundaries the retention keeps exact at `from`'s age (day steps once it is older than the hourly tier).
 */
export function sampleInstants(from: string, until: string, now: Date): string[] {
  const start = Date.parse(from);
  const stop = Date.parse(until);
  if (!(stop > start)) return [from];
  const hourEndsKept = now.getTime() - start <= HOURLY_DETAIL_MS;
  const steps = hourEndsKept ? STEPS_MS : STEPS_MS.filter((step) => step % DAY_MS === 0);
  const step =
    steps.find((candidate) => (stop - start) / candidate <= MAX_INTERVALS) ?? steps.at(-1)!;
  const instants = [from];
  for (let at = Math.floor(start / step) * step + step; at < stop; at += step) {
    instants.push(iso(at));
  }
  instants.push(until);
  return instants;
}

/**
 * A player's wager since the first instant at each instant, by the race standings' rule
 * (computeStandings in app/services/races/race-standings.server.ts): their all-time total at the
 * instant minus their total at the first one, each the latest snapshot at or before it (`totals`,
 * null where they had none: they count from 0). A player is not in a race while that is not
 * above 0, so the chart draws them at 0.
 */
export function wagerSince(totals: ReadonlyArray<number | null>): number[] {
  const baseline = totals[0] ?? 0;
  return totals.map((total) => (total === null ? 0 : Math.max(0, total - baseline)));
}

/** Dollars a day: `wager` over the time from `from` to `asOf` (0 when none has passed). */
export function pacePerDay(wager: number, from: string, asOf: string): number {
  const days = (Date.parse(asOf) - Date.parse(from)) / DAY_MS;
  return days > 0 ? roundToCents(wager / days) : 0;
}

/** The wager at `end` if the pace held from `asOf`: a projection, never a result. */
export function projectedFinish(wager: number, pace: number, asOf: string, end: string): number {
  const daysLeft = Math.max(0, Date.parse(end) - Date.parse(asOf)) / DAY_MS;
  return roundToCents(wager + pace * daysLeft);
}

/** A round tick step near a quarter of `top`: 1, 2, 2.5 or 5 times a power of ten. */
function tickStep(top: number): number {
  const rough = top / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiple = [1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10;
  return multiple * power;
}

/** The y axis: 0 to the first tick at or above `max` (100 when there is nothing to show). */
export function valueTicks(max: number): number[] {
  if (!(max > 0)) return [0, 25, 50, 75, 100];
  const step = tickStep(max);
  const count = Math.ceil(max / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => roundToCents(i * step));
}

/** An SVG path through the points, coordinates rounded to whole units (compact markup). */
export function linePath(points: ReadonlyArray<{ x: number; y: number }>): string {
  return points
    .map((point, i) => `${i === 0 ? "M" : "L"}${Math.round(point.x)} ${Math.round(point.y)}`)
    .join("");
}

/**
 * Label positions (y) for the lines' ends: each at its line's end, nudged apart so no two are
 * closer than `gap`, within [top, bottom]. Returned in the order given.
 */
export function spreadLabels(ends: readonly number[], gap: number, top: number, bottom: number) {
  const order = ends.map((y, index) => ({ y, index })).sort((a, b) => a.y - b.y);
  for (let i = 0; i < order.length; i++) {
    const floor = i === 0 ? top : order[i - 1]!.y + gap;
    order[i]!.y = Math.max(order[i]!.y, floor);
  }
  // Pushed below the bottom: pull back up from the last one.
  for (let i = order.length - 1; i >= 0; i--) {
    const ceiling = i === order.length - 1 ? bottom : order[i + 1]!.y - gap;
    order[i]!.y = Math.min(order[i]!.y, ceiling);
  }
  const placed: number[] = [];
  for (const { y, index } of order) placed[index] = Math.round(y);
  return placed;
}

const CHART_WIDTH = 640;
const CHART_HEIGHT = 260;
const PLOT = { left: 52, right: 604, top: 10, bottom: 236 };
const LABEL_GAP = 11;
const MAX_DATE_TICKS = 6;

const tickDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const tickHour = new Intl.DateTimeFormat("en-US", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** One player's line and the figures of its table row. */
export interface ChartLine {
  uid: string;
  name: string;
  /** Their place in the race; null on a player's own chart. */
  position: number | null;
  path: string;
  /** The dashed line from their wager now to their projected finish; null without a projection. */
  projectionPath: string | null;
  labelY: number;
  wager: number;
  pacePerDay: number;
  projectedFinish: number | null;
}

export interface WagerChart {
  width: number;
  height: number;
  from: string;
  /** `from` and `asOf` as people read them (formatted here, on the server: no Intl in the page's scripts). */
  fromLabel: string;
  asOfLabel: string;
  /** The instant of the data's last point (the newest snapshot the chart read). */
  asOf: string;
  /** The end of the x axis: the race's end when projected, else `asOf`. */
  end: string;
  /** Whether the lines go on past `asOf` as projections. */
  projected: boolean;
  lines: ChartLine[];
  yTicks: Array<{ y: number; value: number }>;
  xTicks: Array<{ x: number; label: string }>;
  /** Where the projection begins on the x axis; null without one. */
  projectionX: number | null;
  plot: typeof PLOT;
}

/** What a page's wager chart shows. */
export type WagerChartState =
  /** The race has not started: nothing to chart yet. */
  | { state: "upcoming" }
  /** No wager in the window (or no player linked to the member). */
  | { state: "empty" }
  | { state: "shown"; chart: WagerChart };

export interface ChartSeries {
  uid: string;
  name: string;
  position: number | null;
  /** The wager at each of the chart's instants; its last one is the wager now. */
  wagers: number[];
}

/**
 * The chart of `series` sampled at `instants` (sampleInstants from `from` to `asOf`), with each
 * line projected to `projectTo` at its pace when given (a running race's end).
 */
export function layoutWagerChart({
  instants,
  series,
  projectTo,
}: {
  instants: readonly string[];
  series: readonly ChartSeries[];
  projectTo: string | null;
}): WagerChart {
  const from = instants[0]!;
  const asOf = instants.at(-1)!;
  const end = projectTo && projectTo > asOf ? projectTo : asOf;
  const figures = series.map((line) => {
    const wager = line.wagers.at(-1) ?? 0;
    const pace = pacePerDay(wager, from, asOf);
    return { wager, pace, finish: end > asOf ? projectedFinish(wager, pace, asOf, end) : null };
  });
  const ticks = valueTicks(Math.max(0, ...figures.map((f) => f.finish ?? f.wager)));
  const top = ticks.at(-1)!;
  const start = Date.parse(from);
  const span = Math.max(1, Date.parse(end) - start);
  const x = (at: string) =>
    PLOT.left + ((Date.parse(at) - start) / span) * (PLOT.right - PLOT.left);
  const y = (value: number) => PLOT.bottom - (value / top) * (PLOT.bottom - PLOT.top);
  const labelYs = spreadLabels(
    figures.map((f) => y(f.finish ?? f.wager)),
    LABEL_GAP,
    PLOT.top,
    PLOT.bottom,
  );
  const lines = series.map((line, i): ChartLine => {
    const { wager, pace, finish } = figures[i]!;
    return {
      uid: line.uid,
      name: line.name,
      position: line.position,
      path: linePath(instants.map((at, j) => ({ x: x(at), y: y(line.wagers[j] ?? 0) }))),
      projectionPath:
        finish === null
          ? null
          : linePath([
              { x: x(asOf), y: y(wager) },
              { x: x(end), y: y(finish) },
            ]),
      labelY: labelYs[i]!,
      wager,
      pacePerDay: pace,
      projectedFinish: finish,
    };
  });
  const stepMs = instants.length > 2 ? Date.parse(instants[2]!) - Date.parse(instants[1]!) : span;
  const label = (at: Date) =>
    stepMs < DAY_MS ? `${tickDate.format(at)} ${tickHour.format(at)}` : tickDate.format(at);
  const inner = instants.slice(1, -1);
  const every = Math.max(1, Math.ceil(inner.length / MAX_DATE_TICKS));
  return {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    from,
    fromLabel: formatDateTime(from),
    asOfLabel: formatDateTime(asOf),
    asOf,
    end,
    projected: end > asOf,
    lines,
    yTicks: ticks.map((value) => ({ y: Math.round(y(value)), value })),
    xTicks: inner
      .filter((_, i) => (i + 1) % every === 0)
      .map((at) => ({ x: Math.round(x(at)), label: label(new Date(at)) })),
    projectionX: end > asOf ? Math.round(x(asOf)) : null,
    plot: PLOT,
  };
}
