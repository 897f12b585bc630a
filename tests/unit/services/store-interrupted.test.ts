import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import type { Referral } from "~/domain/referral";
import { db } from "~/services/db.server";
import { STORE_BATCH, storeReferrals } from "~/services/players/player-store.server";
import { computeStandings } from "~/services/races/race-standings.server";
import { ensureMonthlyRace } from "~/services/races/race-store.server";

const PLAYERS = STORE_BATCH * 2 + STORE_BATCH / 2; // three batches, one transaction each
const referrals = (thisMonth: number, allTime: number): Referral[] =>
  Array.from({ length: PLAYERS }, (_, i) => ({
    uid: `p${String(i).padStart(4, "0")}`,
    name: `Player ${i}`,
    wagered: { today: thisMonth, this_week: thisMonth, this_month: thisMonth, all_time: allTime },
  }));

beforeAll(() => migrateToLatest(db));

describe("a store cut short between batches", { timeout: 30_000 }, () => {
  it("leaves the last store whole and alone in view; the next store stores all, month's turn included", async () => {
    const october = new Date("2026-10-31T23:50:00.000Z");
    await storeReferrals(referrals(300, 1000), { now: october, isDemo: false, sliceMs: 0 });
    const octoberRace = await ensureMonthlyRace(october);

    // Ten minutes into November every player wagered 300 before midnight and 200 after; the
    // store fails in its second batch (a row the database refuses), as a killed process would stop.
    const november = new Date("2026-11-01T00:10:00.000Z");
    const cutShort = referrals(200, 1500);
    (cutShort[STORE_BATCH + STORE_BATCH / 2] as { name: string | null }).name = null;
    await expect(
      storeReferrals(cutShort, { now: november, isDemo: false, sliceMs: 0 }),
    ).rejects.toThrow(/NOT NULL|null value/);

    // Every player as the last store left them (the October baseline and first sighting), the
    // first batch's new rows included: none of the failed store shows (docs/decisions/0052).
    const rows = await db
      .selectFrom("players")
      .leftJoin("wager_snapshots", "wager_snapshots.uid", "players.uid")
      .select(["players.uid", "players.all_time", (eb) => eb.fn.count("taken_at").as("snapshots")])
      .groupBy("players.uid")
      .orderBy("players.uid")
      .execute();
    expect(rows).toHaveLength(PLAYERS);
    expect(new Set(rows.map((r) => `${r.all_time}:${r.snapshots}`))).toEqual(new Set(["1000:2"]));

    const later = new Date("2026-11-01T00:20:00.000Z");
    await storeReferrals(referrals(200, 1500), { now: later, isDemo: false, sliceMs: 0 });
    const novemberRace = await ensureMonthlyRace(later);
    const wagers = async (race: typeof octoberRace) =>
      new Set((await computeStandings(race!, later)).map((s) => s.wager));
    // Every player: 600 in October, 200 in November.
    expect((await computeStandings(octoberRace!, later)).length).toBe(PLAYERS);
    expect(await wagers(octoberRace)).toEqual(new Set([600]));
    expect(await wagers(novemberRace)).toEqual(new Set([200]));
  });
});
