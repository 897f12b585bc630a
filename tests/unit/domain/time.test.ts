import { describe, expect, it, vi } from "vitest";
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatMediumDate,
  formatTimeAgo,
  pageClock,
} from "~/domain/time";

describe("time formatting", () => {
  it("writes dates and times in UTC", () => {
    expect(formatDate("2026-11-21T23:30:00.000Z")).toBe("November 21, 2026");
    expect(formatDateTime("2026-11-21T09:05:00.000Z")).toBe("Nov 21, 2026, 09:05 UTC");
    // Midnight is "00:00", never "24:00".
    expect(formatDateTime("2026-01-02T00:00:00.000Z")).toBe("Jan 2, 2026, 00:00 UTC");
  });

  it("says how long ago", () => {
    const now = new Date("2026-11-21T12:00:00.000Z");
    expect(formatTimeAgo("2026-11-21T11:59:30.000Z", now)).toBe("Just Now");
    expect(formatTimeAgo("2026-11-21T11:59:00.000Z", now)).toBe("1 minute ago");
    expect(formatTimeAgo("2026-11-21T09:00:00.000Z", now)).toBe("3 hours ago");
    expect(formatTimeAgo("2026-11-19T12:00:00.000Z", now)).toBe("2 days ago");
    expect(formatTimeAgo("2026-11-21T12:00:10.000Z", now)).toBe("Just Now");
  });

  it("writes calendar days and short dates in UTC, and no date for text that is none", () => {
    expect(formatCalendarDate("2025-02-12")).toBe("February 12, 2025");
    expect(formatCalendarDate("2025-02-12T23:30:00.000Z")).toBe("February 12, 2025");
    expect(formatCalendarDate("next week")).toBeNull();
    expect(formatMediumDate("2026-11-21T23:30:00.000Z")).toBe("Nov 21, 2026");
  });
});

// Written without Intl (docs/decisions/0073): a browser's first Intl formatter loads its locale
// data while the page's scripts are evaluated.
describe("time formatting without Intl", () => {
  const intlDate = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const intlMediumDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const intlDateTime = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });

  it("writes what Intl writes, every month, hour and minute", () => {
    const instants: Date[] = [];
    // Every day of 2025-2026 at a different minute, then every minute of one day.
    for (let i = 0; i < 730; i += 1) {
      instants.push(new Date(Date.UTC(2025, 0, 1 + i, i % 24, (i * 7) % 60)));
    }
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      instants.push(new Date(Date.UTC(2026, 8, 30, 0, minute)));
    }
    instants.push(new Date(Date.UTC(999, 11, 31, 23, 59)), new Date(Date.UTC(10_000, 0, 1)));
    for (const instant of instants) {
      const iso = instant.toISOString();
      expect(formatDate(iso), iso).toBe(intlDate.format(instant));
      expect(formatCalendarDate(iso), iso).toBe(intlDate.format(instant));
      expect(formatMediumDate(iso), iso).toBe(intlMediumDate.format(instant));
      expect(formatDateTime(iso), iso).toBe(`${intlDateTime.format(instant)} UTC`);
    }
  });

  it("throws on an instant that is none, as Intl does", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime("not a date")).toThrow(RangeError);
  });

  it("builds no Intl formatter", async () => {
    const dateTimeFormat = vi.spyOn(Intl, "DateTimeFormat");
    const toLocaleString = vi.spyOn(Date.prototype, "toLocaleString");
    try {
      vi.resetModules();
      const time = await import("~/domain/time");
      time.formatDate("2026-11-21T23:30:00.000Z");
      time.formatCalendarDate("2025-02-12");
      time.formatMediumDate("2026-11-21T23:30:00.000Z");
      time.formatDateTime("2026-11-21T09:05:00.000Z");
      expect(dateTimeFormat).not.toHaveBeenCalled();
      expect(toLocaleString).not.toHaveBeenCalled();
    } finally {
      dateTimeFormat.mockRestore();
      toLocaleString.mockRestore();
    }
  });
});

describe("pageClock", () => {
  it("rounds down to 10 s, so the readings of those 10 s are equal", () => {
    expect(pageClock(new Date("2026-11-28T10:00:19.999Z")).toISOString()).toBe(
      "2026-11-28T10:00:10.000Z",
    );
    expect(pageClock(new Date("2026-11-28T10:00:10.000Z")).toISOString()).toBe(
      "2026-11-28T10:00:10.000Z",
    );
    expect(pageClock(new Date("2026-11-28T10:00:09.999Z")).toISOString()).toBe(
      "2026-11-28T10:00:00.000Z",
    );
  });
});
