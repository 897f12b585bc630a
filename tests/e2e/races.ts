import { createHash } from "node:crypto";
import { openDatabase } from "~db";
import { canonicalResult } from "~/domain/race-proof";
import { insertPlayer, insertRace } from "../factories";
import { E2E_DATABASE_PATH } from "./accounts";

// Races and players written straight into the e2e server's database (as tests/e2e/accounts.ts
// does for users). Times are relative to the real clock: the server is never given a fake one.
const MINUTE = 60_000;

export const minutesFromNow = (minutes: number) =>
  new Date(Date.now() + minutes * MINUTE).toISOString();

/**
 * A player who wagered `wager` dollars between `from` and `to`: an all-time snapshot of 1,000 at
 * `from` (earlier wagering) and one of 1,000 + wager at `to`.
 */
export async function seedPlayer(options: {
  name: string;
  wager: number;
  from: string;
  to: string;
}) {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    return await insertPlayer(db, {
      name: options.name,
      // Race standings come from the snapshots alone; zero totals keep these players off the
      // leaderboards and the MVP cards, whose leaders other tests expect to be the fake
      // provider's.
      all_time: 0,
      snapshots: [
        [options.from, 1000],
        [options.to, 1000 + options.wager],
      ],
    });
  } finally {
    await db.destroy();
  }
}

export async function seedRace(options: {
  title: string;
  start: string;
  end: string;
  status?: "upcoming" | "live" | "completed";
  minWager?: number;
  results?: Array<{ uid: string; name: string; wager: number; prizeCents: number }>;
}) {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    return await insertRace(db, {
      title: options.title,
      status: options.status ?? "live",
      min_wager: options.minWager ?? 0,
      start_date: options.start,
      end_date: options.end,
      prize_distribution: JSON.stringify({ 1: 50, 2: 15, 3: 10, 4: 5, 5: 5 }),
      completed_at: options.status === "completed" ? options.end : null,
      results: options.results,
    });
  } finally {
    await db.destroy();
  }
}

/**
 * Seals a seeded completed race as its completion does (app/services/races/race-proof.server.ts): the
 * SHA-256 of its stored result's canonical text kept in races.result_hash. Returns the hash.
 */
export async function sealRace(raceId: number): Promise<string> {
  const db = openDatabase(E2E_DATABASE_PATH);
  try {
    const race = await db
      .selectFrom("races")
      .selectAll()
      .where("id", "=", raceId)
      .executeTakeFirstOrThrow();
    const results = await db
      .selectFrom("race_results")
      .selectAll()
      .where("race_id", "=", raceId)
      .execute();
    const canonical = canonicalResult(
      {
        id: race.id,
        startDate: race.start_date,
        endDate: race.end_date,
        prizePoolCents: race.prize_pool_cents,
      },
      results.map((row) => ({ ...row, prizeCents: row.prize_cents })),
    );
    const resultHash = createHash("sha256").update(canonical, "utf8").digest("hex");
    await db
      .updateTable("races")
      .set({ result_hash: resultHash })
      .where("id", "=", raceId)
      .execute();
    return resultHash;
  } finally {
    await db.destroy();
  }
}
