import { describe, expect, it } from "vitest";
import { keepsSnapshot } from "~/domain/retention";

const now = new Date("2026-06-15T12:00:00.000Z");
const daysAgo = (days: number, extraMs = 0) =>
  new Date(now.getTime() - days * 86_400_000 + extraMs).toISOString();
const keeps = (takenAt: string, nextTakenAt: string | null, boundaries: string[] = []) =>
  keepsSnapshot({ takenAt, nextTakenAt }, now, boundaries);

describe("the snapshot retention rule", () => {
  it("keeps a player's newest snapshot, however old", () => {
    expect(keeps(daysAgo(400), null)).toBe(true);
  });

  it("keeps every snapshot younger than 7 days", () => {
    expect(keeps(daysAgo(6.9), daysAgo(6.9, 60_000))).toBe(true);
    expect(keeps(daysAgo(7.1), daysAgo(7.1, 60_000))).toBe(false);
  });

  it("keeps the last snapshot of each hour between 7 and 90 days", () => {
    expect(keeps("2026-05-01T10:20:00.000Z", "2026-05-01T10:55:00.000Z")).toBe(false);
    expect(keeps("2026-05-01T10:55:00.000Z", "2026-05-01T11:05:00.000Z")).toBe(true);
    // An hour's end belongs to that hour: the value at 11:00 is read from it.
    expect(keeps("2026-05-01T10:55:00.000Z", "2026-05-01T11:00:00.000Z")).toBe(false);
    expect(keeps("2026-05-01T11:00:00.000Z", "2026-05-01T11:05:00.000Z")).toBe(true);
  });

  it("keeps the last snapshot of each UTC day after 90 days", () => {
    expect(keeps("2026-02-01T10:55:00.000Z", "2026-02-01T11:05:00.000Z")).toBe(false);
    expect(keeps("2026-02-01T23:55:00.000Z", "2026-02-02T00:05:00.000Z")).toBe(true);
    // A month-start baseline at 00:00 is the value at the end of the day before.
    expect(keeps("2026-02-01T00:00:00.000Z", "2026-02-01T00:05:00.000Z")).toBe(true);
  });

  it("keeps the latest snapshot at or before every race boundary", () => {
    const boundaries = ["2026-02-01T10:17:00.000Z", "2026-05-01T10:41:00.000Z"];
    expect(keeps("2026-02-01T10:15:00.000Z", "2026-02-01T10:20:00.000Z", boundaries)).toBe(true);
    expect(keeps("2026-02-01T10:17:00.000Z", "2026-02-01T10:20:00.000Z", boundaries)).toBe(true);
    expect(keeps("2026-02-01T10:20:00.000Z", "2026-02-01T10:25:00.000Z", boundaries)).toBe(false);
    expect(keeps("2026-05-01T10:40:00.000Z", "2026-05-01T10:45:00.000Z", boundaries)).toBe(true);
    expect(keeps("2026-05-01T10:35:00.000Z", "2026-05-01T10:40:00.000Z", boundaries)).toBe(false);
  });
});
