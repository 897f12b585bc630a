import { randomBytes } from "node:crypto";
import { openDatabase } from "~db";

// Races and players written straight into the e2e server's database (as tests/e2e/accounts.ts
// does for users). Times are relative to the real clock: the server is never given a fake one.
const E2E_DATABASE_PATH = "tests/.tmp/e2e/goatedvips.sqlite";
const MINUTE = 60_000;

export const minutesFromNow = (minutes: number) =>
  new Date(Date.now() + minutes * MINUTE).toISOString();

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString("hex")}`;

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
    const uid = `e2e-${randomBytes(6).toString("hex")}`;
    const now = new Date().toISOString();
    await db
      .insertInto("players")
      .values({
        uid,
        name: options.name,
        // Race standings come from the snapshots alone; zero totals keep these players off the
        // leaderboards and the MVP cards, whose leaders other tests expect to be the fake
        // provider's.
        today: 0,
        this_week: 0,
        this_month: 0,
        all_time: 0,
        updated_at: now,
        wager_changed_at: now,
      })
      .execute();
    await db
      .insertInto("wager_snapshots")
      .values([
        { uid, taken_at: options.from, all_time: 1000 },
        { uid, taken_at: options.to, all_time: 1000 + options.wager },
      ])
      .execute();
    return uid;
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
    const now = new Date().toISOString();
    const race = await db
      .insertInto("races")
      .values({
        title: options.title,
        type: "weekly",
        status: options.status ?? "live",
        prize_pool_cents: 20_000,
        min_wager: options.minWager ?? 0,
        start_date: options.start,
        end_date: options.end,
        prize_distribution: JSON.stringify({ 1: 50, 2: 15, 3: 10, 4: 5, 5: 5 }),
        rules: null,
        description: null,
        created_at: now,
        created_by: null,
        updated_at: now,
        updated_by: null,
        completed_at: options.status === "completed" ? options.end : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (options.results?.length) {
      await db
        .insertInto("race_results")
        .values(
          options.results.map((r, index) => ({
            race_id: race.id,
            position: index + 1,
            uid: r.uid,
            name: r.name,
            wager: r.wager,
            prize_cents: r.prizeCents,
          })),
        )
        .execute();
    }
    return race.id;
  } finally {
    await db.destroy();
  }
}
