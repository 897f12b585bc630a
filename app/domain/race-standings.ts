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
