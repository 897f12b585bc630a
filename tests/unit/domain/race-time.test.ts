import { describe, expect, it } from "vitest";
import {
  completionCutoff,
  countdownText,
  raceCountdownText,
  daysLeftRoundedUp,
  monthStartBaseline,
  parseUtcInstant,
  positionChange,
  startOfNextUtcMonth,
  utcMonthName,
  utcMonthWindow,
} from "~/domain/race-time";

describe("UTC month windows", () => {
  it("run from the first of the month to the first of the next, in UTC", () => {
    const { start, end } = utcMonthWindow(new Date("2026-11-21T12:00:00.000Z"));
    expect(start.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(end.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("roll over exactly at the UTC boundary, whatever the local zone says", () => {
    const lastMoment = new Date("2026-11-30T23:59:59.999Z");
    const firstMoment = new Date("2026-12-01T00:00:00.000Z");
    expect(utcMonthWindow(lastMoment).start.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(utcMonthWindow(firstMoment).start.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(startOfNextUtcMonth(new Date("2026-12-31T23:00:00.000Z")).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
    expect(utcMonthName(firstMoment)).toBe("December 2026");
  });
});

describe("monthStartBaseline", () => {
  const midMonth = new Date("2026-11-21T12:00:00.000Z");

  it("is the all-time total less this month's, at the month's first instant", () => {
    expect(monthStartBaseline({ all_time: 2500.5, this_month: 1500.25 }, midMonth)).toEqual({
      takenAt: "2026-11-01T00:00:00.000Z",
      allTime: 1000.25,
    });
  });

  it("is null when there was nothing before the month (a missing snapshot already means 0)", () => {
    expect(monthStartBaseline({ all_time: 42, this_month: 42 }, midMonth)).toBeNull();
    // Provider periods are not always consistent: never a negative total.
    expect(monthStartBaseline({ all_time: 40, this_month: 42 }, midMonth)).toBeNull();
  });

  it("is null at the month's first instant, where the first sighting is the baseline", () => {
    const first = new Date("2026-11-01T00:00:00.000Z");
    expect(monthStartBaseline({ all_time: 100, this_month: 0 }, first)).toBeNull();
  });
});

describe("countdowns", () => {
  const now = new Date("2026-11-21T12:00:00.000Z");

  it("reads 'Nd Nh Nm' until the end, then 'Race Ended'", () => {
    expect(countdownText(new Date("2026-12-01T00:00:00.000Z"), now)).toBe("9d 12h 0m");
    expect(countdownText(new Date("2026-11-21T12:05:59.000Z"), now)).toBe("0d 0h 5m");
    expect(countdownText(now, now)).toBe("Race Ended");
  });

  it("reads 'Race Ended' for a race completed before its end date (an admin completed it)", () => {
    const endDate = "2026-12-01T00:00:00.000Z";
    expect(raceCountdownText({ status: "completed", endDate }, now)).toBe("Race Ended");
    expect(raceCountdownText({ status: "live", endDate }, now)).toBe("9d 12h 0m");
  });

  it("rounds days left up", () => {
    expect(daysLeftRoundedUp(new Date("2026-11-22T12:00:00.001Z"), now)).toBe(2);
    expect(daysLeftRoundedUp(new Date("2026-11-22T12:00:00.000Z"), now)).toBe(1);
    expect(daysLeftRoundedUp(new Date("2026-11-20T12:00:00.000Z"), now)).toBe(0);
  });
});

describe("positionChange", () => {
  it("says how many places a player rose or fell, and nothing without a previous position", () => {
    expect(positionChange(3, 5)).toEqual({ direction: "up", places: 2 });
    expect(positionChange(5, 3)).toEqual({ direction: "down", places: 2 });
    expect(positionChange(4, 4)).toEqual({ direction: "same", places: 0 });
    expect(positionChange(4, null)).toBeNull();
  });
});

describe("parseUtcInstant", () => {
  it("reads dates, datetime-local values (as UTC) and ISO-8601 instants", () => {
    expect(parseUtcInstant("2026-11-21")).toEqual({ instant: "2026-11-21T00:00:00.000Z" });
    expect(parseUtcInstant("2026-11-21T18:30")).toEqual({ instant: "2026-11-21T18:30:00.000Z" });
    expect(parseUtcInstant("2026-11-21T18:30:00+02:00")).toEqual({
      instant: "2026-11-21T16:30:00.000Z",
    });
    expect(parseUtcInstant("2026-11-21T18:30:05.25Z")).toEqual({
      instant: "2026-11-21T18:30:05.250Z",
    });
    expect(parseUtcInstant("2028-02-29")).toEqual({ instant: "2028-02-29T00:00:00.000Z" });
    expect(parseUtcInstant("0000-01-01")).toEqual({ instant: "0000-01-01T00:00:00.000Z" });
    expect(parseUtcInstant("21/11/2026")).toEqual({ problem: "format" });
  });

  it("refuses dates whose parts are no real moment instead of rolling them over", () => {
    for (const text of [
      "2026-02-30",
      "2026-02-29",
      "2026-13-45",
      "2026-00-10",
      "2026-11-31T00:00",
      "2026-11-21T24:00",
      "2026-11-21T23:60",
      "2026-11-21T23:59:60Z",
      "2026-11-21T12:00:00+24:00",
    ]) {
      expect(parseUtcInstant(text), text).toEqual({ problem: "calendar" });
    }
  });
});

describe("the completion cutoff", () => {
  const now = new Date("2026-12-01T00:40:00.000Z");
  it("is the last good sync's start, or 30 minutes ago once the job has watched that long", () => {
    expect(completionCutoff(now, "2026-12-01T00:35:00.000Z", now)?.toISOString()).toBe(
      "2026-12-01T00:35:00.000Z",
    );
    expect(completionCutoff(now, null, new Date("2026-12-01T00:00:00.000Z"))?.toISOString()).toBe(
      "2026-12-01T00:10:00.000Z",
    );
  });

  it("is null, not an invalid date, with no good sync and a job that has only just started", () => {
    expect(completionCutoff(now, null, now)).toBeNull();
    expect(completionCutoff(now, "not a date", now)).toBeNull();
  });
});
