import { describe, expect, it } from "vitest";
import {
  closingInFuture,
  giveawayInputFromForm,
  giveawayInputSchema,
  giveawayStatus,
  ticketsFor,
} from "~/domain/giveaways";

// Giveaway rules (issue 34): eligibility and tickets from the wager in the window, the status by
// the clock, and the creation input of the admin API and form.

describe("an entrant's tickets", () => {
  it("is one for every member when the rules count no wager", () => {
    expect(ticketsFor({ minWager: null, dollarsPerTicket: null }, null)).toBe(1);
    expect(ticketsFor({ minWager: null, dollarsPerTicket: null }, 0)).toBe(1);
  });

  it("is none without a linked player when the rules count wagers", () => {
    expect(ticketsFor({ minWager: 100, dollarsPerTicket: null }, null)).toBe(0);
    expect(ticketsFor({ minWager: null, dollarsPerTicket: 10 }, null)).toBe(0);
  });

  it("needs the minimum wager in the window", () => {
    const rules = { minWager: 100, dollarsPerTicket: null };
    expect(ticketsFor(rules, 99.99)).toBe(0);
    expect(ticketsFor(rules, 100)).toBe(1);
    expect(ticketsFor(rules, 5000)).toBe(1);
  });

  it("is one per $N wagered, whole tickets only", () => {
    expect(ticketsFor({ minWager: null, dollarsPerTicket: 10 }, 95.5)).toBe(9);
    expect(ticketsFor({ minWager: null, dollarsPerTicket: 10 }, 9.99)).toBe(0);
    expect(ticketsFor({ minWager: 50, dollarsPerTicket: 10 }, 49)).toBe(0);
    expect(ticketsFor({ minWager: 50, dollarsPerTicket: 10 }, 50)).toBe(5);
  });
});

describe("a giveaway's status", () => {
  const closes = "2026-12-01T18:00:00.000Z";
  it("is open until entries close, then closed, then drawn", () => {
    expect(
      giveawayStatus({ entriesCloseAt: closes, drawnAt: null }, new Date("2026-12-01T17:59:59Z")),
    ).toBe("open");
    expect(giveawayStatus({ entriesCloseAt: closes, drawnAt: null }, new Date(closes))).toBe(
      "closed",
    );
    expect(giveawayStatus({ entriesCloseAt: closes, drawnAt: closes }, new Date(closes))).toBe(
      "drawn",
    );
  });
});

describe("the creation input", () => {
  const valid = {
    title: "Winter Drop",
    prize: "$500",
    entriesCloseAt: "2026-12-01T18:00Z",
    winners: 3,
  };

  it("takes the API's fields, the optional ones as null", () => {
    expect(giveawayInputSchema.parse(valid)).toEqual({
      ...valid,
      entriesCloseAt: "2026-12-01T18:00:00.000Z",
      minWager: null,
      dollarsPerTicket: null,
    });
  });

  it.each([
    [{ ...valid, title: " " }, "title", "Title is required"],
    [
      { ...valid, entriesCloseAt: "tomorrow" },
      "entriesCloseAt",
      "entriesCloseAt must be a date and time, such as 2026-12-01T18:00Z",
    ],
    [
      { ...valid, entriesCloseAt: "2026-02-30T10:00Z" },
      "entriesCloseAt",
      "entriesCloseAt must be a real calendar date and time",
    ],
    [{ ...valid, winners: 0 }, "winners", "winners must be at least 1"],
    [{ ...valid, winners: 1.5 }, "winners", "winners must be a whole number"],
    [{ ...valid, minWager: -1 }, "minWager", "minWager must be greater than 0"],
    [
      { ...valid, dollarsPerTicket: "ten" },
      "dollarsPerTicket",
      "dollarsPerTicket must be a number of dollars",
    ],
  ])("refuses %j with a message on its field", (input, field, message) => {
    const parsed = giveawayInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toContainEqual(
      expect.objectContaining({ path: [field], message }),
    );
  });

  it("reads the admin form, leaving empty optional fields out", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      ...valid,
      winners: "2",
      minWager: "",
      dollarsPerTicket: "25",
    })) {
      form.set(name, value);
    }
    expect(giveawayInputSchema.parse(giveawayInputFromForm(form))).toMatchObject({
      winners: 2,
      minWager: null,
      dollarsPerTicket: 25,
    });
  });

  it("needs entries to close after now", () => {
    const input = giveawayInputSchema.parse(valid);
    expect(closingInFuture(input, new Date("2026-12-01T17:00Z"))).toBe(true);
    expect(closingInFuture(input, new Date("2026-12-01T18:00Z"))).toBe(false);
  });
});
