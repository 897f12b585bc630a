/**
 * Formatting of dollar amounts and counts. The provider sends dollars as floats; prizes are integer
 * cents (docs/decisions/0003). One formatter per shape, so every screen writes a number the same way.
 *
 * Written out rather than through Intl.NumberFormat (docs/decisions/0043): a browser's first Intl
 * formatter loads its locale data, the largest part of evaluating the page's scripts before they
 * hydrate it, and Number#toLocaleString builds a formatter per call. The output is Intl's "en-US"
 * output (tests/unit/domain/money.test.ts compares them): the number's shortest decimal form,
 * rounded half away from zero, digits grouped in threes, a minus sign for any negative number.
 */

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** The decimal digits of a finite number's magnitude, as few as read back to it ("1.005"). */
function shortestDigits(magnitude: number): { digits: string; pointAt: number } {
  const [mantissa = "0", exponent = "0"] = String(magnitude).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  return { digits: whole + fraction, pointAt: whole.length + Number(exponent) };
}

/** "1,234.50" for 1234.5 with 2 fraction digits: the magnitude rounded half away from zero. */
function groupedDecimal(magnitude: number, fractionDigits: number): string {
  let { digits, pointAt } = shortestDigits(magnitude);
  if (pointAt < 1) {
    digits = "0".repeat(1 - pointAt) + digits;
    pointAt = 1;
  }
  const kept = pointAt + fractionDigits;
  let rounded = digits.slice(0, kept).padEnd(kept, "0");
  if ((digits[kept] ?? "0") >= "5") {
    rounded = (BigInt(rounded) + 1n).toString().padStart(kept, "0");
    pointAt += rounded.length - kept;
  }
  const whole = rounded.slice(0, pointAt).replace(/^0+(?=\d)/, "");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return fractionDigits > 0 ? `${grouped}.${rounded.slice(pointAt)}` : grouped;
}

function sign(value: number): string {
  return value < 0 || Object.is(value, -0) ? "-" : "";
}

/** "$1,234.57": dollars with thousands separators and 2 decimals. */
export function formatUsd(dollars: number): string {
  const amount = finite(dollars);
  return `${sign(amount)}$${groupedDecimal(Math.abs(amount), 2)}`;
}

/** "$1,235": whole dollars with thousands separators (XP needed, prize pools). */
export function formatWholeUsd(dollars: number): string {
  const amount = finite(dollars);
  return `${sign(amount)}$${groupedDecimal(Math.abs(amount), 0)}`;
}

/** "1,234": a count with thousands separators. */
export function formatCount(value: number): string {
  const amount = finite(value);
  return `${sign(amount)}${groupedDecimal(Math.abs(amount), 0)}`;
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
      const trimmed = groupedDecimal(Math.abs(scaled), 2).replace(/\.?0+$/, "");
      return `${amount < 0 ? "-" : ""}$${trimmed}${suffix}`;
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
