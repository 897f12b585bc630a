import { toCents } from "./money";

// The order of a race (docs/product.md §P5: "Race lists keep only participants with wager above 0,
// sorted descending, top 10"), plus the race's own minimum wager.

export interface StandingInput {
  uid: string;
  name: string;
  wager: number;
}

export interface Standing extends StandingInput {
  position: number;
}

/**
 * A race's standings: only wagers above 0 and at least the race's minimum, highest first (ties by
 * name, then uid, so the order is stable), numbered from 1.
 */
export function rankStandings(entries: StandingInput[], minWager: number): Standing[] {
  return entries
    .filter((entry) => entry.wager > 0 && entry.wager >= minWager)
    .sort((a, b) => b.wager - a.wager || a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid))
    .map((entry, index) => ({ ...entry, position: index + 1 }));
}

/**
 * How far a player is from the place above and from the last paid place, in integer cents: the
 * least whole-cent wager that puts them strictly ahead of that place's wager (a tie is ordered by
 * name, so equal wagers are 1 cent apart). Null where there is no such place: first place has no
 * place above; a race whose split pays nobody has no paid place. Already in a paid place: 0.
 */
export interface StandingGaps {
  gapToNextCents: number | null;
  gapToPaidCents: number | null;
}

/** The last place a race paying `prizesCents` by position pays anything; 0 when it pays nobody. */
export function lastPaidPosition(prizesCents: number[]): number {
  let lastPaid = prizesCents.length;
  while (lastPaid > 0 && !((prizesCents[lastPaid - 1] ?? 0) > 0)) lastPaid -= 1;
  return lastPaid;
}

/** `own`'s gaps in `standings` (rankStandings' order) for a race paying `prizesCents` by position. */
export function standingGaps(
  standings: readonly Standing[],
  own: Standing,
  prizesCents: number[],
): StandingGaps {
  const ownCents = toCents(own.wager);
  const overtake = (target: Standing | undefined) =>
    target ? Math.max(toCents(target.wager) - ownCents, 0) + 1 : null;
  const lastPaid = lastPaidPosition(prizesCents);
  return {
    gapToNextCents: own.position > 1 ? overtake(standings[own.position - 2]) : null,
    gapToPaidCents:
      lastPaid === 0 ? null : own.position <= lastPaid ? 0 : overtake(standings[lastPaid - 1]),
  };
}
