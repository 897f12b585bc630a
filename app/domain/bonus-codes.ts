import { formatDateTime } from "./time";

/**
 * Bonus codes (docs/product.md §P2 "/bonus-codes", §A2 "/admin/bonus-codes"): when one has
 * expired, the order they are listed in, and what users are told of a new one. The form's rules
 * are in ./bonus-code-form (kept apart so zod stays out of /bonus-codes' browser bundle).
 */

/** A bonus code has expired once its expiry instant has passed. */
export function isBonusCodeExpired(expiresAt: string, now: Date): boolean {
  const expiry = Date.parse(expiresAt);
  return !Number.isFinite(expiry) || expiry <= now.getTime();
}

/** How long a copied code shows 'Copied!' (docs/product.md §P9). */
export const COPY_CONFIRMATION_MS = 2000;

/** A bonus code as the pages and the API read it. */
export interface BonusCodeView {
  id: number;
  code: string;
  description: string;
  value: string;
  expiresAt: string;
  expired: boolean;
  createdAt: string;
}

/**
 * Usable codes first, the soonest to expire at the top; then the expired ones, the most recently
 * expired first (old codes sink to the bottom).
 */
export function orderBonusCodes<T extends Pick<BonusCodeView, "id" | "expiresAt" | "expired">>(
  codes: readonly T[],
): T[] {
  return [...codes].sort((a, b) => {
    if (a.expired !== b.expired) return a.expired ? 1 : -1;
    const byExpiry = a.expiresAt < b.expiresAt ? -1 : a.expiresAt > b.expiresAt ? 1 : 0;
    return (a.expired ? -byExpiry : byExpiry) || a.id - b.id;
  });
}

/** What every user is told when an admin adds a code that can be used (kind bonus_code). */
export function newBonusCodeNotification(
  code: Pick<BonusCodeView, "code" | "value" | "expiresAt">,
) {
  return {
    title: `New bonus code: ${code.code}`,
    message: `${code.value}, valid until ${formatDateTime(code.expiresAt)}. Find it on the Bonus Codes page.`,
  };
}

/** Admin toasts (docs/product.md §A8), verbatim. */
export const BONUS_CODE_TOASTS = {
  created: "Bonus code created successfully",
  updated: "Bonus code updated successfully",
  deleted: "Bonus code deleted successfully",
  saveFailed: "Failed to save bonus code",
  deleteFailed: "Failed to delete bonus code",
} as const;
