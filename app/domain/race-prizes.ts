/**
 * Prize pools and their split (docs/product.md §P9, docs/product.md §A9). Pools and prizes are
 * integer cents; a distribution maps positions 1..10 to a percent of the pool. A race pays exactly
 * its pool: the shares are scaled to 100% and the leftover cent goes to first place
 * (docs/decisions/0060).
 */
export type PrizeDistribution = Record<number, number>;

export const PAID_POSITIONS = 10;

/**
 * The monthly race: $500 over 10 positions, the spec's shares. They add up to 103.5%; splitPool
 * scales them to the pool (docs/decisions/0060).
 */
export const MONTHLY_RACE_POOL_CENTS = 50_000;
/**
 * Its minimum wager in dollars: the smallest the race form and API accept (docs/product.md §A5,
 * 'at least 1'), so an admin can edit the automatic race without changing it (docs/decisions/0068).
 */
export const MONTHLY_RACE_MIN_WAGER = 1;
export const MONTHLY_RACE_SHARES: PrizeDistribution = {
  1: 42.5,
  2: 20,
  3: 15,
  4: 7.5,
  5: 6,
  6: 4,
  7: 2.75,
  8: 2.25,
  9: 1.75,
  10: 1.75,
};

/** The admin form's default split for positions 1 to 10. */
export const DEFAULT_ADMIN_SPLIT: PrizeDistribution = {
  1: 50,
  2: 15,
  3: 10,
  4: 5,
  5: 5,
  6: 3.75,
  7: 3.75,
  8: 2.5,
  9: 2.5,
  10: 2.5,
};

/** The share of a position, 0 when the distribution does not pay it. */
export function shareOf(distribution: PrizeDistribution, position: number): number {
  const share = distribution[position];
  return typeof share === "number" && Number.isFinite(share) && share > 0 ? share : 0;
}

/** A share as whole hundredths of a percent: the split is computed in integers. */
const shareUnits = (distribution: PrizeDistribution, position: number) =>
  Math.round(shareOf(distribution, position) * 100);

/**
 * The prizes of positions 1 to 10 in integer cents, adding up to exactly the pool (nothing when no
 * position has a share): each position's share of the shares' total, rounded down to the cent, and
 * the cents that rounding leaves over (fewer than one per position) to the first paid position.
 * Rounding down means no prize is ever negative and no place pays for another's rounding.
 */
export function splitPool(poolCents: number, distribution: PrizeDistribution): number[] {
  const units = Array.from({ length: PAID_POSITIONS }, (_, i) => shareUnits(distribution, i + 1));
  const totalUnits = units.reduce((sum, unit) => sum + unit, 0);
  if (totalUnits === 0) return units.map(() => 0);
  // Below 2^53 for any pool the form accepts ($10M is 10^9 cents, a share at most 10^4 units).
  const cents = units.map((unit) => Math.floor((poolCents * unit) / totalUnits));
  const leftover = poolCents - cents.reduce((sum, cent) => sum + cent, 0);
  const first = units.findIndex((unit) => unit > 0);
  cents[first] = (cents[first] ?? 0) + leftover;
  return cents;
}

/** The prize of one position in cents (see splitPool). */
export function prizeCents(poolCents: number, distribution: PrizeDistribution, position: number) {
  return splitPool(poolCents, distribution)[position - 1] ?? 0;
}

/**
 * Every position 1 to 10 with its prize in cents and its share of the pool in percent: the
 * distribution's share scaled to 100%, to hundredths (the spec's 42.5 of 103.5 is 41.06%).
 */
export function prizeTable(
  poolCents: number,
  distribution: PrizeDistribution,
): Array<{ position: number; share: number; cents: number }> {
  const total = totalShare(distribution);
  return splitPool(poolCents, distribution).map((cents, index) => ({
    position: index + 1,
    share: total > 0 ? Math.round((shareOf(distribution, index + 1) / total) * 10_000) / 100 : 0,
    cents,
  }));
}

/** The sum of the shares of positions 1 to 10, in percent (an admin's split must make 100). */
export function totalShare(distribution: PrizeDistribution): number {
  let total = 0;
  for (let position = 1; position <= PAID_POSITIONS; position += 1) {
    total += shareOf(distribution, position);
  }
  // Shares are quarters of a percent or coarser; this drops float noise such as 103.50000000001.
  return Math.round(total * 10_000) / 10_000;
}

/**
 * The admin form sets positions 1 to 3 (sliders, whole percents); the remainder up to 100% is
 * shared among positions 4 to 10 in the proportions of the default split. Null when the top three
 * already take more than 100%.
 */
export function distributionFromTopThree(
  first: number,
  second: number,
  third: number,
): PrizeDistribution | null {
  const remainder = 100 - first - second - third;
  if (remainder < 0) return null;
  const defaultRest = [4, 5, 6, 7, 8, 9, 10].map((p) => shareOf(DEFAULT_ADMIN_SPLIT, p));
  const defaultRestTotal = defaultRest.reduce((sum, share) => sum + share, 0);
  const distribution: PrizeDistribution = { 1: first, 2: second, 3: third };
  defaultRest.forEach((share, index) => {
    // Hundredths of a percent: precise enough for cents of any pool below $1M.
    distribution[index + 4] = Math.round(((remainder * share) / defaultRestTotal) * 100) / 100;
  });
  return distribution;
}

export const TOP_THREE_OVER_100 = "Positions 1 to 3 cannot share more than 100% of the pool";

/** The admin form's three sliders: positions 1 to 3 of a distribution as whole percents. */
export type TopThree = readonly [number, number, number];

export function topThreeOf(distribution: PrizeDistribution): TopThree {
  const slider = (position: number) => Math.round(shareOf(distribution, position));
  return [slider(1), slider(2), slider(3)];
}

/**
 * What the admin form saves for its sliders. An edited race keeps its own distribution as long as
 * the sliders still show its top three (they cannot show a share such as 42.5); otherwise the
 * split follows from the sliders (distributionFromTopThree). Null when they exceed 100%.
 */
export function formDistribution(
  sliders: TopThree,
  kept: PrizeDistribution | null,
): PrizeDistribution | null {
  if (kept && topThreeOf(kept).every((share, index) => share === sliders[index])) return kept;
  return distributionFromTopThree(...sliders);
}

/** Parses the stored JSON form of a distribution; anything malformed pays nothing. */
export function parseDistribution(json: string): PrizeDistribution {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  const distribution: PrizeDistribution = {};
  if (raw && typeof raw === "object") {
    for (const [key, value] of Object.entries(raw)) {
      const position = Number(key);
      if (Number.isInteger(position) && typeof value === "number") distribution[position] = value;
    }
  }
  return distribution;
}
