import { describe, expect, it } from "vitest";
import {
  analyticsRangeOf,
  dailyChart,
  dailySuccessRates,
  dayWindow,
  describeDaily,
  fillDays,
  niceMaximum,
  seriesTotal,
  sessionsByDevice,
  shareBars,
  shortDayLabel,
  successRate,
} from "~/domain/admin-analytics";

// A fixed clock: late on a UTC day, so the window's last day is that day, not the next.
const now = new Date("2026-11-21T23:59:30.000Z");

describe("the analytics range", () => {
  it("is 7, 30 or 90 days from the GET form, 30 otherwise", () => {
    expect(analyticsRangeOf("7")).toBe(7);
    expect(analyticsRangeOf("90")).toBe(90);
    expect(analyticsRangeOf(null)).toBe(30);
    expect(analyticsRangeOf("14")).toBe(30);
    expect(analyticsRangeOf("7.0")).toBe(30);
  });

  it("covers the last N UTC days up to today, oldest first", () => {
    const week = dayWindow(now, 7);
    expect(week.days).toEqual([
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
    ]);
    expect(week.from).toBe("2026-11-15T00:00:00.000Z");
    const quarter = dayWindow(now, 90);
    expect(quarter.days).toHaveLength(90);
    expect(quarter.days[0]).toBe("2026-08-24");
    expect(new Set(quarter.days).size).toBe(90);
  });
});

describe("daily series", () => {
  const days = dayWindow(now, 7).days;

  it("give every day a value: the day's row, else 0 (or null where nothing was measured)", () => {
    const rows = [
      { day: "2026-11-16", value: 3 },
      { day: "2026-11-21", value: 5 },
      { day: "2026-11-01", value: 99 }, // outside the window
    ];
    expect(fillDays(days, rows).map((point) => point.value)).toEqual([0, 3, 0, 0, 0, 0, 5]);
    expect(fillDays(days, rows, null).map((point) => point.value)).toEqual([
      null,
      3,
      null,
      null,
      null,
      null,
      5,
    ]);
    expect(seriesTotal(fillDays(days, rows, null))).toBe(8);
  });

  it("scale to round gridlines", () => {
    expect(niceMaximum(0)).toBe(1);
    expect(niceMaximum(1)).toBe(1);
    expect(niceMaximum(3)).toBe(5);
    expect(niceMaximum(7)).toBe(10);
    expect(niceMaximum(12)).toBe(20);
    expect(niceMaximum(480)).toBe(500);
    expect(niceMaximum(1_234_567)).toBe(2_000_000);
    expect(niceMaximum(0.4)).toBe(1);
  });

  it("become bars and a line inside the plot area, y growing downwards", () => {
    const points = fillDays(days.slice(0, 4), [
      { day: "2026-11-15", value: 10 },
      { day: "2026-11-16", value: 5 },
      { day: "2026-11-18", value: 0 },
    ]);
    const chart = dailyChart(points, { width: 400, height: 100 });
    expect(chart.max).toBe(10);
    expect(chart.gridlines).toEqual([
      { value: 0, y: 100 },
      { value: 5, y: 50 },
      { value: 10, y: 0 },
    ]);
    expect(chart.bars.map(({ x, y, width, height }) => ({ x, y, width, height }))).toEqual([
      { x: 10, y: 0, width: 80, height: 100 },
      { x: 110, y: 50, width: 80, height: 50 },
      { x: 210, y: 100, width: 80, height: 0 },
      { x: 310, y: 100, width: 80, height: 0 },
    ]);
    expect(chart.line).toBe("M50,0 L150,50 L250,100 L350,100");
  });

  it("lift the line's pen over days without a value, and take a fixed scale (percentages)", () => {
    const points = [
      { day: "a", value: 100 },
      { day: "b", value: null },
      { day: "c", value: 50 },
      { day: "d", value: 25 },
    ];
    const chart = dailyChart(points, { width: 40, height: 10 }, { maxValue: 100 });
    expect(chart.max).toBe(100);
    expect(chart.line).toBe("M5,0 M25,5 L35,7.5");
    expect(chart.bars[1]).toMatchObject({ value: null, height: 0 });
    expect(dailyChart([], { width: 40, height: 10 }).line).toBe("");
  });
});

describe("sessions by device", () => {
  it("bucket user agents by device, most first, and leave out devices without sessions", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const windows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36";
    const pixel = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile Safari/537.36";
    expect(
      sessionsByDevice([
        { userAgent: windows, sessions: 2 },
        { userAgent: iphone, sessions: 3 },
        { userAgent: pixel, sessions: 1 },
        { userAgent: "Mozilla/5.0 (Windows NT 6.1) Firefox/115.0", sessions: 2 },
        { userAgent: "curl/8.0", sessions: 0 },
      ]),
    ).toEqual([
      { label: "Windows PC", value: 4 },
      { label: "iPhone", value: 3 },
      { label: "Android Phone", value: 1 },
    ]);
  });

  it("draw as bars measured against the largest", () => {
    expect(
      shareBars(
        [
          { label: "a", value: 4 },
          { label: "b", value: 1 },
        ],
        200,
      ).map((bar) => bar.width),
    ).toEqual([200, 50]);
    expect(shareBars([{ label: "a", value: 0 }], 200)[0]?.width).toBe(0);
  });
});

describe("sync success", () => {
  it("is the share of finished runs that succeeded, per day and over the range", () => {
    const runs = [
      { day: "2026-11-20", succeeded: 3, failed: 1 },
      { day: "2026-11-21", succeeded: 2, failed: 0 },
    ];
    expect(successRate(runs)).toBe(83.3);
    expect(successRate([])).toBeNull();
    expect(
      dailySuccessRates(["2026-11-19", "2026-11-20", "2026-11-21"], runs).map((p) => p.value),
    ).toEqual([null, 75, 100]);
  });
});

it("labels days as month and day", () => {
  expect(shortDayLabel("2026-11-05")).toBe("Nov 5");
});

describe("a daily chart's description", () => {
  const points = [
    { day: "2026-11-19", value: 2 },
    { day: "2026-11-20", value: 5 },
    { day: "2026-11-21", value: null },
    { day: "2026-11-22", value: 5 },
  ];
  const count = (value: number) => value.toLocaleString("en-US");

  it("gives the total or the average of the known days, and the first highest day", () => {
    expect(describeDaily(points, count, "total")).toBe("12 in all; the highest, 5, on Nov 20.");
    expect(describeDaily(points, count, "average")).toBe(
      "4 a day on average; the highest, 5, on Nov 20.",
    );
  });

  it("says so when there is nothing", () => {
    expect(describeDaily([{ day: "2026-11-19", value: null }], count, "total")).toBe(
      "No data in this range.",
    );
  });
});
