import { createHash } from "node:crypto";
import type { RaceView } from "~/domain/race";
import { canonicalResult, proofVerdict } from "~/domain/race-proof";
import type { ProofVerdict } from "~/domain/race-proof";
import { db } from "~/services/db.server";
import { publicNames } from "~/services/players/player-names.server";
import { toFrozenParticipant, toRaceView } from "./race-store.server";
import type { Executor } from "~/services/db.server";

/**
 * Sealing a completed race's result (docs/decisions/0063): the SHA-256 of its canonical text,
 * stored when it completes, and the proof that recomputes it from the stored rows.
 */

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A race's stored result (race_results rows), place 1 first. */
async function storedPlaces(executor: Executor, race: RaceView) {
  const rows = await executor
    .selectFrom("race_results")
    .selectAll()
    .where("race_id", "=", race.id)
    .orderBy("position")
    .execute();
  return rows.map(toFrozenParticipant);
}

/** The canonical text of a race's result as stored now (its races row and race_results rows). */
async function storedCanonical(executor: Executor, race: RaceView): Promise<string> {
  return canonicalResult(race, await storedPlaces(executor, race));
}

/**
 * Stores the hash of a race's result just frozen, inside the completing transaction, and returns
 * it. Hashed from the rows read back, so recomputing from them later gives the same text whatever
 * the database did to the wagers' floats.
 */
export async function sealResult(executor: Executor, race: RaceView): Promise<string> {
  const resultHash = sha256Hex(await storedCanonical(executor, race));
  await executor
    .updateTable("races")
    .set({ result_hash: resultHash })
    .where("id", "=", race.id)
    .execute();
  return resultHash;
}

/** The hash stored for a completed race; null for any other race or one completed before 0027. */
export async function storedResultHash(id: number): Promise<string | null> {
  const row = await db
    .selectFrom("races")
    .select("result_hash")
    .where("id", "=", id)
    .where("status", "=", "completed")
    .executeTakeFirst();
  return row?.result_hash ?? null;
}

export interface ResultProof {
  race: RaceView;
  /**
   * The canonical text recomputed from the stored result, as the public may see it: while names
   * are masked, with the masks in place of the sealed names (docs/decisions/0081), so it no longer
   * hashes to the published hash; the server's verdict is over the sealed text.
   */
  canonical: string;
  /** True when `canonical` shows masked names in place of the sealed ones. */
  namesMasked: boolean;
  /** The hash stored at completion; null when the race completed before results were sealed. */
  resultHash: string | null;
  /** The SHA-256 of `canonical`, computed now. */
  recomputedHash: string;
  verdict: ProofVerdict;
}

/** A completed race's proof; null when there is no such race or it has not completed. */
export async function findResultProof(id: number): Promise<ResultProof | null> {
  const row = await db
    .selectFrom("races")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", "completed")
    .executeTakeFirst();
  if (!row) return null;
  const race = toRaceView(row);
  const resultHash = row.result_hash;
  const places = await storedPlaces(db, race);
  const sealed = canonicalResult(race, places);
  const recomputedHash = sha256Hex(sealed);
  const canonical = canonicalResult(race, await publicNames(places));
  return {
    race,
    canonical,
    namesMasked: canonical !== sealed,
    resultHash,
    recomputedHash,
    verdict: proofVerdict(resultHash, recomputedHash),
  };
}
