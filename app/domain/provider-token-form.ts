import { z } from "zod";

/**
 * The admin API-token form (docs/product.md §A5): what the browser checks before sending. The
 * server also reads the token's claims (app/domain/provider-token.ts), which needs `jose` and so
 * stays out of the browser bundle.
 */
export const TOKEN_MIN_LENGTH = 20;
export const TOKEN_TOO_SHORT = "Token must be at least 20 characters long";
export const INVALID_JWT_FORMAT = "Invalid JWT token format";
export const TOKEN_SAVED = "API token updated successfully";
export const AFFILIATE_UID_MISSING =
  "Enter the affiliate code: the last part of your referral link, such as 2RW440E";
export const AFFILIATE_UID_INVALID = "The affiliate code has letters, digits, - and _ only";
export const SETTINGS_REMOVED = "Provider settings removed: the site shows demo data again";

/** Three dot-separated parts of letters, digits, hyphen, underscore (or dot in the last). */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w.-]+$/;

export const tokenField = z
  .string({ message: TOKEN_TOO_SHORT })
  .trim()
  .min(TOKEN_MIN_LENGTH, { message: TOKEN_TOO_SHORT, abort: true })
  .regex(JWT_SHAPE, { message: INVALID_JWT_FORMAT });

/** An empty or blank field counts as not given (JSON `""` as the form's empty field). */
export const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/**
 * The affiliate (referral) code: the last path part of the provider's endpoint
 * `{base}/user2/affiliate/referral-leaderboard/{code}`, not the token's `uid` claim.
 */
export const affiliateUidField = z.preprocess(
  blankAsMissing,
  z
    .string({ message: AFFILIATE_UID_INVALID })
    .trim()
    .max(64, { message: AFFILIATE_UID_INVALID })
    .regex(/^[\w-]+$/, { message: AFFILIATE_UID_INVALID })
    .optional(),
);

/**
 * The token is optional: some affiliates' endpoints answer without one. The server also requires
 * the code unless GOATED_AFFILIATE_UID gives it (app/routes/admin.api-tokens.tsx).
 */
export const providerTokenFormSchema = z.object({
  token: z.preprocess(blankAsMissing, tokenField.optional()),
  affiliateUid: affiliateUidField,
});

/** The page's submit buttons: try what was typed, save it, or go back to the demo source. */
export const PROVIDER_INTENTS = { test: "test", save: "save", demo: "demo" } as const;

/** The page's two tabs, `?tab=current` and `?tab=add`. */
export const TOKEN_TABS = { current: "Current Token", add: "Add New Token" } as const;
export type TokenTab = keyof typeof TOKEN_TABS;

export function tokenTabOf(value: string | null): TokenTab {
  return value === "add" ? "add" : "current";
}
