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

/** Three dot-separated parts of letters, digits, hyphen, underscore (or dot in the last). */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w.-]+$/;

export const tokenField = z
  .string({ message: TOKEN_TOO_SHORT })
  .trim()
  .min(TOKEN_MIN_LENGTH, { message: TOKEN_TOO_SHORT, abort: true })
  .regex(JWT_SHAPE, { message: INVALID_JWT_FORMAT });

export const providerTokenFormSchema = z.object({ token: tokenField });

/** The page's two tabs, `?tab=current` and `?tab=add`. */
export const TOKEN_TABS = { current: "Current Token", add: "Add New Token" } as const;
export type TokenTab = keyof typeof TOKEN_TABS;

export function tokenTabOf(value: string | null): TokenTab {
  return value === "add" ? "add" : "current";
}
