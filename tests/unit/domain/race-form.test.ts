import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MONTHLY_RACE_SHARES } from "~/domain/race-prizes";
import { raceApiSchema, raceFormSchema, raceInputFromForm } from "~/domain/race-form";
import { changesSealedResult } from "~/domain/race";
import type { RaceView } from "~/domain/race";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const valid = {
  title: "Weekend Blitz",
  type: "weekend",
  status: "upcoming",
  prizePool: "200",
  minWager: "100",
  startDate: "2026-11-21T00:00",
  endDate: "2026-11-23T00:00",
  first: "50",
  second: "15",
  third: "10",
};

describe("the race form", () => {
  it("answers the spec's messages", () => {
    const submission = parseWithZod(form({ ...valid, title: " ", prizePool: "0", minWager: "0" }), {
      schema: raceFormSchema,
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toMatchObject({
      title: ["Title is required"],
      prizePool: ["Prize pool must be greater than 0"],
      minWager: ["Minimum wager must be greater than 0"],
    });
  });

  it("wants the end after the start and the top three within 100%", () => {
    const backwards = parseWithZod(form({ ...valid, endDate: "2026-11-20T00:00" }), {
      schema: raceFormSchema,
    });
    expect(backwards.reply().error?.endDate).toEqual(["End date must be after the start date"]);
    const greedy = parseWithZod(form({ ...valid, first: "90", second: "10", third: "5" }), {
      schema: raceFormSchema,
    });
    expect(greedy.reply().error?.third).toEqual([
      "Positions 1 to 3 cannot share more than 100% of the pool",
    ]);
  });

  it("reads dates as UTC and pays the default split by default", () => {
    const submission = parseWithZod(form(valid), { schema: raceFormSchema });
    if (submission.status !== "success") throw new Error("expected a valid submission");
    const input = raceInputFromForm(submission.value, null);
    expect(input).toMatchObject({
      prizePoolCents: 20_000,
      startDate: "2026-11-21T00:00:00.000Z",
      endDate: "2026-11-23T00:00:00.000Z",
      distribution: { 1: 50, 2: 15, 3: 10, 4: 5, 10: 2.5 },
    });
  });

  it("keeps a distribution the sliders cannot show while they are left alone", () => {
    const monthly = { distribution: MONTHLY_RACE_SHARES } as RaceView;
    const untouched = parseWithZod(form({ ...valid, first: "43", second: "20", third: "15" }), {
      schema: raceFormSchema,
    });
    if (untouched.status !== "success") throw new Error("expected a valid submission");
    expect(raceInputFromForm(untouched.value, monthly).distribution).toEqual(MONTHLY_RACE_SHARES);
    const moved = parseWithZod(form({ ...valid, first: "40", second: "20", third: "15" }), {
      schema: raceFormSchema,
    });
    if (moved.status !== "success") throw new Error("expected a valid submission");
    expect(raceInputFromForm(moved.value, monthly).distribution[1]).toBe(40);
  });
});

describe("editing a race already saved", () => {
  const monthly = {
    title: "November Race",
    type: "monthly",
    status: "completed",
    prizePoolCents: 50_000,
    minWager: 1,
    startDate: "2026-11-01T00:00:00.000Z",
    endDate: "2026-11-30T23:59:59.999Z",
    distribution: MONTHLY_RACE_SHARES,
  } as RaceView;
  const shown = {
    ...valid,
    title: "November Race, renamed",
    type: "monthly",
    status: "completed",
    prizePool: "500",
    minWager: "1",
    startDate: "2026-11-01T00:00",
    endDate: "2026-11-30T23:59",
    first: "43",
    second: "20",
    third: "15",
  };
  const inputOf = (fields: Record<string, string>) => {
    const submission = parseWithZod(form(fields), { schema: raceFormSchema });
    if (submission.status !== "success") throw new Error("expected a valid submission");
    return raceInputFromForm(submission.value, monthly);
  };

  it("keeps a date's stored seconds while it is left as the form shows it (to the minute)", () => {
    expect(inputOf(shown).endDate).toBe("2026-11-30T23:59:59.999Z");
    expect(inputOf({ ...shown, endDate: "2026-11-30T23:00" }).endDate).toBe(
      "2026-11-30T23:00:00.000Z",
    );
  });

  it("changes a completed race's title and texts only: not what its sealed result was made of", () => {
    expect(changesSealedResult(monthly, inputOf(shown))).toBe(false);
    expect(changesSealedResult(monthly, inputOf({ ...shown, prizePool: "600" }))).toBe(true);
    expect(changesSealedResult(monthly, inputOf({ ...shown, minWager: "2" }))).toBe(true);
    expect(changesSealedResult(monthly, inputOf({ ...shown, startDate: "2026-11-02T00:00" }))).toBe(
      true,
    );
    expect(changesSealedResult(monthly, inputOf({ ...shown, first: "40" }))).toBe(true);
    // Reopening is another rule's (PAYOUTS_ON_RECORD); a race not completed has nothing sealed.
    expect(
      changesSealedResult(monthly, inputOf({ ...shown, status: "live", prizePool: "600" })),
    ).toBe(false);
    expect(changesSealedResult({ ...monthly, status: "live" }, inputOf(shown))).toBe(false);
  });
});

describe("the race API body", () => {
  it("takes a whole distribution and refuses unknown positions", () => {
    const body = {
      title: "API",
      type: "weekly",
      status: "live",
      prizePool: 100,
      minWager: 1,
      startDate: "2026-11-21T00:00:00.000Z",
      endDate: "2026-11-28T00:00:00.000Z",
    };
    expect(
      raceApiSchema.parse({ ...body, prizeDistribution: { 1: 70, 2: 30 } }).prizeDistribution,
    ).toEqual({
      1: 70,
      2: 30,
    });
    expect(raceApiSchema.safeParse({ ...body, prizeDistribution: { 11: 5 } }).success).toBe(false);
    expect(raceApiSchema.safeParse({ ...body, type: "daily" }).success).toBe(false);
  });
});
