/** A bonus code has expired once its expiry instant has passed. */
export function isBonusCodeExpired(expiresAt: string, now: Date): boolean {
  const expiry = Date.parse(expiresAt);
  return !Number.isFinite(expiry) || expiry <= now.getTime();
}

/** How long a copied code shows 'Copied!' (docs/product.md §P9). */
export const COPY_CONFIRMATION_MS = 2000;
