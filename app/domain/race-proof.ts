import { toCents } from "./money";
import type { Participant, RaceView } from "./race";

/**
 * Results anyone can verify (issue 32, docs/decisions/0063): a completed race's result written in
 * one canonical JSON text, whose SHA-256 is stored and published when the race completes. Anyone
 * holding the text recomputes the hash with any SHA-256 tool and compares.
 */

/** The canonical form's version, its first key: a change to the form is a new version. */
export const RESULT_FORMAT_VERSION = 1;

/** What the canonical text is made of: the race's id, window and pool, and its paid places. */
export type SealedRace = Pick<RaceView, "id" | "startDate" | "endDate" | "prizePoolCents">;
export type SealedPlace = Pick<Participant, "position" | "uid" | "name" | "wager" | "prizeCents">;

const utc = (instant: string) => new Date(instant).toISOString();

/**
 * The canonical text of a race's result: JSON with no whitespace, keys in this fixed order, money
 * in integer cents (a wager rounded half away from zero), times ISO-8601 UTC with milliseconds,
 * places by position. Its SHA-256 is taken over its UTF-8 bytes.
 */
export function canonicalResult(race: SealedRace, places: SealedPlace[]): string {
  return JSON.stringify({
    version: RESULT_FORMAT_VERSION,
    raceId: race.id,
    window: { start: utc(race.startDate), end: utc(race.endDate) },
    poolCents: race.prizePoolCents,
    places: [...places]
      .sort((a, b) => a.position - b.position)
      .map((place) => ({
        place: place.position,
        uid: place.uid,
        name: place.name,
        wagerCents: toCents(place.wager),
        prizeCents: place.prizeCents,
      })),
  });
}

/**
 * What a proof says: the stored hash equals the one recomputed from the stored result, differs
 * from it (the result changed after it was sealed), or there is none (completed before sealing).
 */
export type ProofVerdict = "matches" | "differs" | "unsealed";

export function proofVerdict(storedHash: string | null, recomputedHash: string): ProofVerdict {
  if (storedHash === null) return "unsealed";
  return storedHash === recomputedHash ? "matches" : "differs";
}

/** A hex SHA-256 digest: 64 lowercase hex digits. */
export function toHex(digest: ArrayBuffer): string {
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
