import { describe, expect, it } from "vitest";
import { mvpPulsing } from "~/domain/leaderboard";

describe("mvpPulsing", () => {
  const changedAt = "2026-05-01T12:00:00.000Z";
  it("pulses for 10 s after the change", () => {
    expect(mvpPulsing(changedAt, new Date("2026-05-01T12:00:00.000Z"))).toBe(true);
    expect(mvpPulsing(changedAt, new Date("2026-05-01T12:00:09.999Z"))).toBe(true);
    expect(mvpPulsing(changedAt, new Date("2026-05-01T12:00:10.000Z"))).toBe(false);
  });
  it("does not pulse for a change in the future (clock skew)", () => {
    expect(mvpPulsing(changedAt, new Date("2026-05-01T11:59:59.000Z"))).toBe(false);
  });
});
