/**
 * Formatting of dollar amounts and counts. The provider sends dollars as floats; prizes are integer
 * cents (docs/decisions/0003). One formatter per shape, so every screen writes a number the same way.
 */
const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** "$1,234.57": dollars with thousands separators and 2 decimals. */
export function formatUsd(dollars: number): string {
  return usd.format(finite(dollars));
}

/** "$1,235": whole dollars with thousands separators (XP needed, prize pools). */
export function formatWholeUsd(dollars: number): string {
  return wholeUsd.format(finite(dollars));
}

/** "1,234": a count with thousands separators. */
export function formatCount(value: number): string {
  return count.format(finite(value));
}

/** "$1.23K", "$4.5M", "$2B": abbreviated at 1e3, 1e6 and 1e9 (docs/product.md §P9), at most 2 decimals. */
export function formatAbbreviatedUsd(dollars: number): string {
  const amount = finite(dollars);
  const magnitude = Math.abs(amount);
  const units: Array<[number, string]> = [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  for (const [size, suffix] of units) {
    if (magnitude >= size) {
      const scaled = Math.round((amount / size) * 100) / 100;
      return `${amount < 0 ? "-" : ""}$${Math.abs(scaled).toLocaleString("en-US", { maximumFractionDigits: 2 })}${suffix}`;
    }
  }
  return formatUsd(amount);
}

/** Dollars to integer cents, rounding half away from zero. */
export function toCents(dollars: number): number {
  const amount = finite(dollars);
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100);
}

/** Integer cents as dollars with 2 decimals: 4250 -> "$42.50". */
export function formatCents(cents: number): string {
  return formatUsd(finite(cents) / 100);
}

/**
 * Dollars rounded to whole cents (half away from zero), as every JSON answer and socket message
 * writes an amount: the provider's floats carry noise such as 233846.91999999993.
 */
export function roundToCents(dollars: number): number {
  return toCents(dollars) / 100;
}

// "1000000", "1,000,000", "$100,000", "$ 2,500.50": digits grouped by commas in threes, or not
// grouped at all, an optional leading dollar sign and decimals.
const DOLLAR_AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/;

/**
 * A dollar amount as a person types it: thousands separators and a leading dollar sign are
 * accepted; anything else ("lots", "1,00", "1e6", "$-5") gives null.
 */
export function parseDollarAmount(text: string): number | null {
  const match = DOLLAR_AMOUNT.exec(text.trim());
  if (!match) return null;
  return Number(`${(match[1] ?? "").replaceAll(",", "")}${match[2] ?? ""}`);
}
