import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { POSTGRES_PASS } from "../../postgres/template-database";
import { migrateToLatest } from "~db";
import { db } from "~/services/db.server";
import { storeReferrals } from "~/services/players/player-store.server";

beforeAll(async () => {
  await migrateToLatest(db);
});

// Until autovacuum gets to them, PostgreSQL plans queries on a grown table with the statistics of
// the small one it last saw: the next sync's newest-snapshot lookups then scanned the table.
it.skipIf(!POSTGRES_PASS)(
  "a large store on PostgreSQL refreshes the statistics of the tables it grew (SQLite keeps none to refresh)",
  async () => {
    const referrals = Array.from({ length: 10_000 }, (_, i) => ({
      uid: `s${i}`,
      name: `Stat${i}`,
      wagered: { today: i, this_week: i, this_month: i, all_time: i + 1 },
    }));
    await storeReferrals(referrals, { now: new Date("2026-05-04T10:00:00.000Z"), isDemo: false });
    // The planner's row counts (pg_class.reltuples), which ANALYZE sets as it commits.
    const { rows } = await sql<{ relname: string; rows: number }>`
      SELECT relname, reltuples::integer AS rows FROM pg_class
      WHERE relname IN ('players', 'wager_snapshots') ORDER BY relname
    `.execute(db);
    const counted = Object.fromEntries(rows.map((row) => [row.relname, row.rows]));
    // -1: never analyzed. Each new player has at least one snapshot.
    expect(counted.players).toBe(10_000);
    expect(counted.wager_snapshots).toBeGreaterThanOrEqual(10_000);
  },
);
