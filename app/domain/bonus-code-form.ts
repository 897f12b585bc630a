import { z } from "zod";
import { parseUtcInstant } from "./race-time";
import { hasControlOrLoneSurrogate } from "./text";

/**
 * What makes a bonus code valid (docs/product.md §A5): one schema shared by /admin/bonus-codes (on
 * the server, which decides, and in the browser through conform) and the admin API.
 */

export const CODE_MAX_LENGTH = 40;
export const DESCRIPTION_MAX_LENGTH = 500;
export const VALUE_MAX_LENGTH = 60;
/** Expiry dates are in these years (UTC); anything else is a typing mistake. */
export const EXPIRY_YEARS = { first: 2020, last: 2100 } as const;

export const BONUS_CODE_MESSAGES = {
  codeRequired: "Code is required",
  codeTooLong: `Code must be at most ${CODE_MAX_LENGTH} characters`,
  codeCharacters: "Code may contain only letters, digits, - and _",
  codeTaken: "This code already exists",
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  valueRequired: "Value is required",
  valueTooLong: `Value must be at most ${VALUE_MAX_LENGTH} characters`,
  expiryRequired: "Expiry date is required",
  expiryFormat: "Expiry date must be a date and time, such as 2026-12-31T23:59",
  expiryCalendar: "Expiry date must be a real calendar date and time",
  expiryYears: `Expiry date must be in the years ${EXPIRY_YEARS.first} to ${EXPIRY_YEARS.last}`,
  controlCharacters: "Remove control characters and broken characters from this text",
  notFound: "Bonus code not found",
} as const;

const M = BONUS_CODE_MESSAGES;

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, tooLong)
    .refine((value) => !hasControlOrLoneSurrogate(value), { message: M.controlCharacters });

const bonusCodeFields = {
  // Letters, digits, - and _, stored upper-cased, so "goat-25" and "GOAT-25" are one code.
  code: z
    .string({ message: M.codeRequired })
    .trim()
    .min(1, { message: M.codeRequired, abort: true })
    .max(CODE_MAX_LENGTH, { message: M.codeTooLong, abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, M.codeCharacters)
    .transform((value) => value.toUpperCase()),
  description: text(M.descriptionRequired, DESCRIPTION_MAX_LENGTH, M.descriptionTooLong),
  value: text(M.valueRequired, VALUE_MAX_LENGTH, M.valueTooLong),
  // A datetime-local field is read as UTC; the API may send any ISO-8601 instant.
  expiresAt: z.string({ message: M.expiryRequired }).transform((value, ctx) => {
    if (value.trim() === "") {
      ctx.addIssue({ code: "custom", message: M.expiryRequired });
      return z.NEVER;
    }
    const parsed = parseUtcInstant(value);
    if ("problem" in parsed) {
      ctx.addIssue({
        code: "custom",
        message: parsed.problem === "calendar" ? M.expiryCalendar : M.expiryFormat,
      });
      return z.NEVER;
    }
    const year = new Date(parsed.instant).getUTCFullYear();
    if (year < EXPIRY_YEARS.first || year > EXPIRY_YEARS.last) {
      ctx.addIssue({ code: "custom", message: M.expiryYears });
      return z.NEVER;
    }
    return parsed.instant;
  }),
};

/** The admin form's fields and POST /api/admin/bonus-codes. */
export const bonusCodeSchema = z.object(bonusCodeFields);
export type BonusCodeInput = z.output<typeof bonusCodeSchema>;

/** PUT /api/admin/bonus-codes: the same fields and the `id` of the code to change. */
export const bonusCodeUpdateSchema = z.object({
  id: z.number({ message: "id is required" }).int("id is required").positive("id is required"),
  ...bonusCodeFields,
});

/** The form's value for a stored instant: "2026-12-31T23:59" (UTC, as the field is read). */
export function expiryFieldValue(expiresAt: string): string {
  return expiresAt.slice(0, 16);
}
