import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatMediumDate,
  formatTimeAgo,
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
