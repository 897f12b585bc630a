import { describe, expect, it } from "vitest";
import { dueStatementMonth, nextEmailAttempt } from "~/domain/email";
import { raceEndedEmail } from "~/domain/email-templates";

describe("e-mail rules", () => {
  it("backs off 1, 2, 4, 8 minutes and gives up after the fifth attempt", () => {
    const t = new Date("2026-11-23T00:00:00.000Z");
    const waits = [1, 2, 3, 4].map(
      (n) => (nextEmailAttempt(n, t)!.getTime() - t.getTime()) / 60_000,
    );
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(nextEmailAttempt(5, t)).toBeNull();
  });

  it("statements are due from 06:00 UTC on the 1st for a week, for the month before", () => {
    expect(dueStatementMonth(new Date("2026-01-01T05:59:59.999Z"))).toBeNull();
    expect(dueStatementMonth(new Date("2026-01-01T06:00:00.000Z"))).toEqual({
      start: new Date("2025-12-01T00:00:00.000Z"),
      end: new Date("2026-01-01T00:00:00.000Z"),
      key: "2025-12",
    });
    expect(dueStatementMonth(new Date("2026-01-08T05:59:59.999Z"))?.key).toBe("2025-12");
    expect(dueStatementMonth(new Date("2026-01-08T06:00:00.000Z"))).toBeNull();
  });

  it("tells a race's reader their place and prize", () => {
    const race = { title: "Weekly Race" };
    expect(
      raceEndedEmail(race, { position: 2, prizeCents: 6_000, totalParticipants: 40 }, "u")
        .paragraphs[0],
    ).toBe("You finished #2 of 40 and won $60.00.");
    expect(
      raceEndedEmail(race, { position: 12, prizeCents: 0, totalParticipants: 40 }, "u").paragraphs,
    ).toEqual(["You finished #12 of 40."]);
  });
});
