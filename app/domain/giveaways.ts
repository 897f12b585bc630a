import { z } from "zod";
import { parseUtcInstant } from "./race-time";
import { hasControlOrLoneSurrogate } from "./text";

/**
 * Giveaways (issue 34, docs/decisions/0079): who may enter, how many tickets each entrant holds,
 * and the creation input shared by the admin API and the admin form. The draw is in
 * ./giveaway-draw.ts.
 */

/** Open for entries, closed and waiting for its draw, or drawn. */
export type GiveawayStatus = "open" | "closed" | "drawn";

export interface GiveawayRules {
  /** Dollars a linked player must wager in the window to be eligible; null: any member. */
  minWager: number | null;
  /** One ticket per this many dollars wagered in the window; null: one ticket per entrant. */
  dollarsPerTicket: number | null;
}

export interface GiveawayView extends GiveawayRules {
  id: number;
  title: string;
  prize: string;
  /** The wager window is [createdAt, entriesCloseAt]. */
  createdAt: string;
  entriesCloseAt: string;
  winners: number;
  seedHash: string;
  clientSeed: string | null;
  drawnAt: string | null;
  status: GiveawayStatus;
  entrants: number;
}

export function giveawayStatus(
  giveaway: { entriesCloseAt: string; drawnAt: string | null },
  now: Date,
): GiveawayStatus {
  if (giveaway.drawnAt) return "drawn";
  return now.getTime() >= Date.parse(giveaway.entriesCloseAt) ? "closed" : "open";
}

export const GIVEAWAY_STATUS_LABELS: Record<GiveawayStatus, string> = {
  open: "Open",
  closed: "Entries closed",
  drawn: "Drawn",
};

/** Whether entering needs a linked Goated account: the rules count wagers. */
export function needsLinkedPlayer(rules: GiveawayRules): boolean {
  return rules.minWager !== null || rules.dollarsPerTicket !== null;
}

/**
 * An entrant's tickets at the draw from their wager in the window (null: no linked player):
 * 0 when not eligible.
 */
export function ticketsFor(rules: GiveawayRules, wager: number | null): number {
  if (!needsLinkedPlayer(rules)) return 1;
  if (wager === null) return 0;
  if (rules.minWager !== null && wager < rules.minWager) return 0;
  if (rules.dollarsPerTicket === null) return 1;
  return Math.floor(wager / rules.dollarsPerTicket);
}

const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;

/** What the rules say, in words, for the giveaway's page. */
export function describeRules(rules: GiveawayRules): string[] {
  const who =
    rules.minWager !== null
      ? `Members with a linked Goated account who wager at least ${dollars(rules.minWager)} between the giveaway's creation and the close of entries.`
      : rules.dollarsPerTicket !== null
        ? "Members with a linked Goated account."
        : "Any signed-in member.";
  const tickets =
    rules.dollarsPerTicket === null
      ? "One ticket per entrant."
      : `One ticket per ${dollars(rules.dollarsPerTicket)} wagered between the giveaway's creation and the close of entries.`;
  return [who, tickets];
}

export const MAX_GIVEAWAY_WINNERS = 100;
const MAX_AMOUNT = 1_000_000_000;
const NO_CONTROL_CHARACTERS = "Remove control characters and broken characters from this text";

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlOrLoneSurrogate(value), { message: NO_CONTROL_CHARACTERS });

const amount = (label: string) =>
  z
    .number({ message: `${label} must be a number of dollars` })
    .positive(`${label} must be greater than 0`)
    .max(MAX_AMOUNT, `${label} must be at most $${MAX_AMOUNT.toLocaleString("en-US")}`)
    .nullish()
    .transform((value) => value ?? null);

/**
 * A new giveaway as the API takes it: `{title, prize, entriesCloseAt, winners, minWager?,
 * dollarsPerTicket?}`. Whether entries close in the future is checked against the clock by
 * closingInFuture.
 */
export const giveawayInputSchema = z.object({
  title: text("Title", 120),
  prize: text("Prize", 200),
  entriesCloseAt: z
    .string({ message: "entriesCloseAt is required: a date and time, such as 2026-12-01T18:00Z" })
    .transform((value, ctx) => {
      const parsed = parseUtcInstant(value);
      if ("instant" in parsed) return parsed.instant;
      ctx.addIssue({
        code: "custom",
        message:
          parsed.problem === "calendar"
            ? "entriesCloseAt must be a real calendar date and time"
            : "entriesCloseAt must be a date and time, such as 2026-12-01T18:00Z",
      });
      return z.NEVER;
    }),
  winners: z
    .number({ message: "winners must be a whole number" })
    .int("winners must be a whole number")
    .min(1, "winners must be at least 1")
    .max(MAX_GIVEAWAY_WINNERS, `winners must be at most ${MAX_GIVEAWAY_WINNERS}`),
  minWager: amount("minWager"),
  dollarsPerTicket: amount("dollarsPerTicket"),
});

export type GiveawayInput = z.output<typeof giveawayInputSchema>;

/** The admin form's fields as the API's: empty optional fields left out, numbers as numbers. */
export function giveawayInputFromForm(form: FormData): Record<string, unknown> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : undefined;
  };
  const number = (name: string) => {
    const value = field(name);
    if (!value) return undefined;
    return /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  };
  return {
    title: field("title") ?? "",
    prize: field("prize") ?? "",
    entriesCloseAt: field("entriesCloseAt") ?? "",
    winners: number("winners"),
    minWager: number("minWager"),
    dollarsPerTicket: number("dollarsPerTicket"),
  };
}

export const CLOSE_IN_PAST_MESSAGE = "entriesCloseAt must be in the future";

/** Entries must close after the giveaway is made (its wager window would be empty otherwise). */
export function closingInFuture(input: GiveawayInput, now: Date): boolean {
  return Date.parse(input.entriesCloseAt) > now.getTime();
}

export const GIVEAWAY_NOT_FOUND = "No such giveaway";

export type EntryRefusal = "notFound" | "closed" | "needsLink" | "alreadyEntered";
export type DrawRefusal = "notFound" | "alreadyDrawn" | "notClosed" | "noEntrants";

/** Why an entry was refused, as the API's status and the words both the API and the page use. */
export const ENTRY_REFUSALS: Record<EntryRefusal, { status: number; message: string }> = {
  notFound: { status: 404, message: GIVEAWAY_NOT_FOUND },
  closed: { status: 409, message: "Entries to this giveaway have closed" },
  needsLink: {
    status: 403,
    message: "This giveaway counts wagers: link your Goated account on your profile to enter it",
  },
  alreadyEntered: { status: 409, message: "You have already entered this giveaway" },
};

export const DRAW_REFUSALS: Record<DrawRefusal, { status: number; message: string }> = {
  notFound: { status: 404, message: GIVEAWAY_NOT_FOUND },
  alreadyDrawn: {
    status: 409,
    message: "This giveaway has already been drawn: a draw cannot be repeated",
  },
  notClosed: {
    status: 409,
    message: "Entries are still open: a giveaway is drawn after its entries close",
  },
  noEntrants: {
    status: 409,
    message: "No eligible entrant holds a ticket, so there is nobody to draw",
  },
};
