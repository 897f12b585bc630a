// A process killed (SIGKILL) while it stores a sync leaves the last sync alone in view once the
// server starts again, and the next store stores all (docs/decisions/0052). SQLite only: on
// PostgreSQL the store is one transaction, which the server rolls back.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_PASS } from "../../postgres/template-database";
import { migrateToLatest } from "~db";
import type { Referral } from "~/domain/referral";
import { db } from "~/services/db.server";
import { prepareDatabase } from "~/services/operations/database-setup.server";
import { leaderboardPage } from "~/services/players/player-queries.server";
import { storeReferrals } from "~/services/players/player-store.server";

const child = fileURLToPath(new URL("../../store-in-child.ts", import.meta.url));
const FIRST = 1_000;
const SECOND = 60_000;
const referrals = (count: number, allTime: number): Referral[] =>
  Array.from({ length: count }, (_, i) => ({
    uid: `kill${String(i).padStart(5, "0")}`,
    name: `Killed ${i}`,
    wagered: { today: allTime, this_week: allTime, this_month: allTime, all_time: allTime },
  }));
const first = new Date("2026-06-15T12:00:00.000Z");
const second = new Date("2026-06-15T12:05:00.000Z");

/** Every row of the table, published or not. */
const storedRows = async () =>
  (await sql<{ n: number }>`SELECT count(*) AS n FROM main.players`.execute(db)).rows[0]?.n ?? 0;
const playerStates = async () => {
  const rows = await db
    .selectFrom("players")
    .leftJoin("wager_snapshots", "wager_snapshots.uid", "players.uid")
    .select(["players.all_time", (eb) => eb.fn.count("taken_at").as("snapshots")])
    .groupBy("players.uid")
    .execute();
  return { players: rows.length, states: new Set(rows.map((r) => `${r.all_time}:${r.snapshots}`)) };
};

beforeAll(() => migrateToLatest(db));

describe.skipIf(POSTGRES_PASS)("a store killed with SIGKILL", { timeout: 120_000 }, () => {
  it("leaves the last sync alone in view after a restart; the next store stores all", async () => {
    await storeReferrals(referrals(FIRST, 10), { now: first, isDemo: false, sliceMs: 0 });
    const before = await playerStates();
    const topBefore = (await leaderboardPage({ period: "all_time" })).players;
    expect(before).toEqual({ players: FIRST, states: new Set(["10:1"]) });

    const storing = spawn(
      process.execPath,
      ["--import", "tsx", child, String(SECOND), "20", second.toISOString()],
      { env: process.env, stdio: ["ignore", "ignore", "inherit"] },
    );
    const exited = new Promise((resolve) => storing.once("exit", resolve));
    // Killed once it has committed some of its rows.
    while ((await storedRows()) <= FIRST) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    storing.kill("SIGKILL");
    await exited;
    expect(await storedRows()).toBeGreaterThan(FIRST);

    // The server starting again.
    await prepareDatabase(null);
    expect(await playerStates()).toEqual(before);
    expect((await leaderboardPage({ period: "all_time" })).players).toEqual(topBefore);

    await storeReferrals(referrals(SECOND, 20), { now: second, isDemo: false, sliceMs: 50 });
    expect(await playerStates()).toEqual({ players: SECOND, states: new Set(["20:2", "20:1"]) });
    expect(await storedRows()).toBe(SECOND);
  });
});
