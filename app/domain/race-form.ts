import { z } from "zod";
import { toCents } from "./money";
import { RACE_STATUSES, RACE_TYPES } from "./race";
import type { RaceInput, RaceView } from "./race";
import {
  DEFAULT_ADMIN_SPLIT,
  formDistribution,
  TOP_THREE_OVER_100,
  totalShare,
} from "./race-prizes";
import type { PrizeDistribution } from "./race-prizes";
import { parseUtcInstant, utcMonthName } from "./race-time";
import { hasControlOrLoneSurrogate } from "./text";

/**
 * The race form's rules (docs/product.md §A5), shared by /admin/wager-races (on the server, which
 * decides, and in the browser, which answers sooner) and the admin API. Messages are the product
 * description's where it has them.
 */
export const raceStatusSchema = z.enum(RACE_STATUSES, {
  message: "Status must be upcoming, live or completed",
});

/** Races run between these years (UTC); anything else is a typing mistake. */
export const RACE_YEARS = { first: 2020, last: 2100 } as const;
/** The largest prize pool or minimum wager, in dollars. */
export const MAX_RACE_AMOUNT = 1_000_000_000;

const instant = (label: string) =>
  z.string({ message: `${label} is required` }).transform((value, ctx) => {
    const parsed = parseUtcInstant(value);
    if ("problem" in parsed) {
      ctx.addIssue({
        code: "custom",
        message:
          parsed.problem === "calendar"
            ? `${label} must be a real calendar date and time`
            : `${label} must be a date, such as 2026-11-21`,
      });
      return z.NEVER;
    }
    const year = new Date(parsed.instant).getUTCFullYear();
    if (year < RACE_YEARS.first || year > RACE_YEARS.last) {
      ctx.addIssue({
        code: "custom",
        message: `${label} must be in the years ${RACE_YEARS.first} to ${RACE_YEARS.last}`,
      });
      return z.NEVER;
    }
    return parsed.instant;
  });

const NO_CONTROL_CHARACTERS = "Remove control characters and broken characters from this text";

const optionalText = z
  .string()
  .trim()
  .max(5000, "Keep this under 5,000 characters")
  .refine((value) => !hasControlOrLoneSurrogate(value, { lineBreaks: "allowed" }), {
    message: NO_CONTROL_CHARACTERS,
  })
  .optional()
  .transform((value) => (value ? value : null));

const raceFields = {
  title: z
    .string({ message: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(120, "Title must be at most 120 characters")
    .refine((value) => !hasControlOrLoneSurrogate(value), { message: NO_CONTROL_CHARACTERS }),
  type: z.enum(RACE_TYPES, { message: "Type must be weekly, monthly or weekend" }),
  status: raceStatusSchema,
  prizePool: z
    .number({ message: "Prize pool must be greater than 0" })
    .min(1, "Prize pool must be greater than 0")
    .max(10_000_000, "Prize pool must be at most $10,000,000"),
  minWager: z
    .number({ message: "Minimum wager must be greater than 0" })
    .min(1, "Minimum wager must be greater than 0")
    .max(MAX_RACE_AMOUNT, "Minimum wager must be at most $1,000,000,000"),
  startDate: instant("Start date"),
  endDate: instant("End date"),
  rules: optionalText,
  description: optionalText,
};

const endAfterStart = <T extends { startDate: string; endDate: string }>(value: T) =>
  value.endDate > value.startDate;
const END_AFTER_START = { message: "End date must be after the start date", path: ["endDate"] };

const share = (label: string) =>
  z
    .number({ message: `${label} must be a number from 0 to 100` })
    .int(`${label} must be a whole percent`)
    .min(0, `${label} must be a number from 0 to 100`)
    .max(100, `${label} must be a number from 0 to 100`);

/** The form: positions 1 to 3 from sliders, the rest derived (see distributionFromTopThree). */
export const raceFormSchema = z
  .object({
    ...raceFields,
    first: share("Position 1"),
    second: share("Position 2"),
    third: share("Position 3"),
  })
  .refine(endAfterStart, END_AFTER_START)
  .refine((v) => v.first + v.second + v.third <= 100, {
    message: TOP_THREE_OVER_100,
    path: ["third"],
  });

export type RaceFormValues = z.output<typeof raceFormSchema>;

/** Why an admin's split cannot be saved: a race pays out its whole pool (docs/decisions/0060). */
export function splitNot100Message(distribution: PrizeDistribution): string {
  const total = totalShare(distribution);
  return total > 100
    ? `The shares must add up to 100%: they add up to ${total}%, ${Math.round((total - 100) * 10_000) / 10_000}% too much`
    : `The shares must add up to 100%: ${Math.round((100 - total) * 10_000) / 10_000}% is left to share`;
}

/** The API: the same fields with a whole distribution (positions 1..10 to percents, 100% in all). */
export const raceApiSchema = z
  .object({
    ...raceFields,
    prizeDistribution: z
      .record(z.string().regex(/^(10|[1-9])$/, "Positions are 1 to 10"), z.number().min(0).max(100))
      .optional()
      .transform((value): PrizeDistribution =>
        value
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [Number(k), v]))
          : { ...DEFAULT_ADMIN_SPLIT },
      )
      .superRefine((distribution, ctx) => {
        if (totalShare(distribution) !== 100) {
          ctx.addIssue({ code: "custom", message: splitNot100Message(distribution) });
        }
      }),
  })
  .refine(endAfterStart, END_AFTER_START);

export type RaceApiValues = z.output<typeof raceApiSchema>;

export const raceUpdateApiSchema = z.intersection(
  z.object({ id: z.number({ message: "id is required" }).int().positive() }),
  raceApiSchema,
);

/** A valid form submission as a race; unchanged sliders keep a distribution they cannot show. */
export function raceInputFromForm(values: RaceFormValues, existing: RaceView | null): RaceInput {
  const sliders = [values.first, values.second, values.third] as const;
  return {
    ...commonInput(values),
    startDate: keptInstant(values.startDate, existing?.startDate),
    endDate: keptInstant(values.endDate, existing?.endDate),
    // Never null here: the schema refuses a top three above 100%.
    distribution: formDistribution(sliders, existing?.distribution ?? null) ?? {},
  };
}

/**
 * The form shows instants to the minute (datetime-local): one left as shown keeps the seconds it
 * was stored with (a monthly race ends at 23:59:59.999), so editing a title moves no date.
 */
function keptInstant(typed: string, stored: string | undefined): string {
  if (stored === undefined) return typed;
  const shown = new Date(stored);
  shown.setUTCSeconds(0, 0);
  return Date.parse(typed) === shown.getTime() ? stored : typed;
}

export function raceInputFromApi(values: RaceApiValues): RaceInput {
  return { ...commonInput(values), distribution: values.prizeDistribution };
}

function commonInput(values: RaceFormValues | RaceApiValues) {
  return {
    title: values.title,
    type: values.type,
    status: values.status,
    prizePoolCents: toCents(values.prizePool),
    minWager: values.minWager,
    startDate: values.startDate,
    endDate: values.endDate,
    rules: values.rules,
    description: values.description,
  };
}

/** Why a monthly race cannot be saved (or reopened) while `clash` runs in the same UTC month. */
export function monthlyRaceClashMessage(clash: RaceView): string {
  return `${utcMonthName(new Date(clash.startDate))} already has a monthly race: "${clash.title}". Complete or delete it first.`;
}
