import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertSession, insertUser, uniqueName } from "../../factories";
import { db } from "~/services/db.server";
import { listPayouts } from "~/services/races/race-payouts.server";
import { completeRace } from "~/services/races/race-results.server";
import {
  decideWagerFlag,
  evaluateWagerFlags,
  listWagerFlags,
  openFlagCount,
} from "~/services/players/wager-flags.server";

const NOW = new Date("2026-11-27T15:00:00.000Z");
const SYNC_AT = "2026-11-27T14:55:00.000Z";
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.parse("2026-11-27T00:00:00.000Z") - days * DAY);
const iso = (date: Date) => date.toISOString();

let admin = { userId: 0, username: "" };

/** A player wagering `perDay` on each of the 20 days before today, then `today` by SYNC_AT. */
async function steadyPlayer(perDay: number, today: number) {
  const snapshots: Array<[string, number]> = [];
  for (let day = 20; day >= 0; day -= 1) {
    snapshots.push([iso(daysAgo(day)), 10_000 + (20 - day) * perDay]);
  }
  snapshots.push([SYNC_AT, snapshots.at(-1)![1] + today]);
  return insertPlayer(db, { snapshots, wager_changed_at: SYNC_AT });
}

async function flagRows() {
  return db
    .selectFrom("wager_flags")
    .select(["kind", "player_uid", "evidence_window", "status"])
    .orderBy("kind")
    .orderBy("player_uid")
    .execute();
}

beforeAll(async () => {
  await migrateToLatest(db);
  const username = uniqueName("flagger");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
});

beforeEach(async () => {
  for (const table of ["wager_flags", "audit_log", "race_results", "sessions"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("races").execute();
  await db.deleteFrom("players").execute();
  await db.updateTable("users").set({ goated_id: null }).execute();
});

describe("the post-sync rules", () => {
  it("flag a spike and a decrease among the players the sync changed, once however often they run", async () => {
    const spiking = await steadyPlayer(1_000, 9_000);
    const steady = await steadyPlayer(1_000, 1_500);
    const dropping = await insertPlayer(db, {
      snapshots: [
        ["2026-11-27T13:00:00.000Z", 2_000],
        [SYNC_AT, 1_500],
      ],
      wager_changed_at: SYNC_AT,
    });
    // A decrease of an earlier sync was that sync's to flag.
    await insertPlayer(db, {
      snapshots: [
        ["2026-11-26T13:00:00.000Z", 2_000],
        ["2026-11-26T14:00:00.000Z", 1_000],
      ],
      wager_changed_at: "2026-11-26T14:00:00.000Z",
    });

    expect(await evaluateWagerFlags(SYNC_AT, NOW)).toBe(2);
    expect(await evaluateWagerFlags(SYNC_AT, NOW)).toBe(0);
    expect(await flagRows()).toEqual([
      {
        kind: "totals_decrease",
        player_uid: dropping,
        evidence_window: `2026-11-27T13:00:00.000Z/${SYNC_AT}`,
        status: "open",
      },
      { kind: "wager_spike", player_uid: spiking, evidence_window: "2026-11-27", status: "open" },
    ]);
    expect(steady).not.toBe(spiking);
    const spike = (await listWagerFlags("open")).flags.find((flag) => flag.kind === "wager_spike");
    expect(spike).toMatchObject({
      playerUid: spiking,
      playerName: spiking,
      evidence: { dayWager: 9_000, median: 1_000 },
    });
    expect(await openFlagCount()).toBe(2);
  });

  it("flag a player first seen within 7 days in a paid place of a running race", async () => {
    await insertRace(db, {
      title: "Running race",
      start_date: iso(daysAgo(10)),
      end_date: iso(daysAgo(-3)),
      min_wager: 1,
    });
    const veteran = await insertPlayer(db, {
      snapshots: [
        [iso(daysAgo(30)), 100],
        // Not changed by this sync: no spike to look at.
        ["2026-11-27T10:00:00.000Z", 9_100],
      ],
    });
    const newcomer = await insertPlayer(db, {
      snapshots: [
        [iso(daysAgo(2)), 50],
        [SYNC_AT, 5_050],
      ],
    });
    // Fourth: outside the 50/30/20 split.
    const unpaid = await insertPlayer(db, {
      snapshots: [
        [iso(daysAgo(1)), 10],
        [SYNC_AT, 60],
      ],
    });
    // Third, and seen for 20 days.
    await insertPlayer(db, {
      snapshots: [
        [iso(daysAgo(20)), 0],
        [SYNC_AT, 100],
      ],
    });

    await evaluateWagerFlags(SYNC_AT, NOW);
    await evaluateWagerFlags(SYNC_AT, NOW);
    const flags = await flagRows();
    expect(flags.map((f) => [f.kind, f.player_uid])).toEqual([["new_player_paid_place", newcomer]]);
    expect(flags[0]!.evidence_window).toMatch(/^race:\d+$/);
    expect([veteran, unpaid]).not.toContain(newcomer);
  });

  it("flag linked accounts signed in from one address", async () => {
    const [a, b, c] = ["pa", "pb", "pc"].map((p) => uniqueName(p));
    const shareOne = await insertUser(db, { goated_id: a! });
    const shareTwo = await insertUser(db, { goated_id: b! });
    const alone = await insertUser(db, { goated_id: c! });
    const unlinked = await insertUser(db);
    await insertSession(db, shareOne, { ip: "198.51.100.7" });
    await insertSession(db, shareTwo, { ip: "198.51.100.7" });
    await insertSession(db, alone, { ip: "203.0.113.1" });
    await insertSession(db, unlinked, { ip: "203.0.113.1" });

    await evaluateWagerFlags(SYNC_AT, NOW);
    await evaluateWagerFlags(SYNC_AT, NOW);
    expect((await flagRows()).map((f) => [f.kind, f.player_uid, f.evidence_window])).toEqual(
      [
        ["shared_address", a, `with:${b}`],
        ["shared_address", b, `with:${a}`],
      ].sort((x, y) => x[1]!.localeCompare(y[1]!)),
    );
  });
});

describe("an admin's decision", () => {
  async function flaggedPlayer() {
    const uid = await insertPlayer(db, {
      snapshots: [
        ["2026-11-27T13:00:00.000Z", 2_000],
        [SYNC_AT, 1_500],
      ],
      wager_changed_at: SYNC_AT,
    });
    await evaluateWagerFlags(SYNC_AT, NOW);
    const [flag] = (await listWagerFlags("open")).flags;
    return { uid, id: flag!.id };
  }

  it("dismisses a flag once, audited, and holds nothing", async () => {
    const { uid, id } = await flaggedPlayer();
    const raceId = await insertRace(db, {
      status: "completed",
      start_date: iso(daysAgo(8)),
      end_date: iso(daysAgo(1)),
      completed_at: iso(daysAgo(1)),
      results: [{ uid, name: "Dropping", wager: 500, prizeCents: 10_000 }],
    });
    const result = await decideWagerFlag(id, "dismissed", admin, NOW);
    expect(result).toMatchObject({
      decided: { id, status: "dismissed", decidedBy: admin.username },
    });
    expect(await decideWagerFlag(id, "confirmed", admin, NOW)).toEqual({
      decidedAlready: "dismissed",
    });
    expect(await decideWagerFlag(id + 1000, "confirmed", admin, NOW)).toEqual({ missing: true });
    expect((await listPayouts(raceId))[0]).toMatchObject({ status: "unpaid" });
    const audit = await db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({ kind: "wager_flag.dismissed", subject: `wager_flag:${id}` }),
    ]);
    expect(await openFlagCount()).toBe(0);
  });

  it("confirms a flag: the player's unpaid payouts are held with the flag as the reason", async () => {
    const { uid, id } = await flaggedPlayer();
    const raceId = await insertRace(db, {
      status: "completed",
      start_date: iso(daysAgo(8)),
      end_date: iso(daysAgo(1)),
      completed_at: iso(daysAgo(1)),
      results: [
        { uid, name: "Dropping", wager: 500, prizeCents: 10_000 },
        { uid: "someone-else", name: "Other", wager: 400, prizeCents: 6_000 },
      ],
    });
    const result = await decideWagerFlag(id, "confirmed", admin, NOW);
    expect(result).toMatchObject({ heldPayouts: [{ raceId, place: 1 }] });
    expect(await listPayouts(raceId)).toEqual([
      expect.objectContaining({
        uid,
        status: "held",
        reason: `Held: confirmed wager flag #${id} (see /admin/flags)`,
      }),
      expect.objectContaining({ uid: "someone-else", status: "unpaid", reason: null }),
    ]);
    const [entry] = await db.selectFrom("audit_log").selectAll().execute();
    expect(entry).toMatchObject({ kind: "wager_flag.confirmed", actor_id: admin.userId });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      status: "confirmed",
      heldPayouts: [{ raceId, place: 1 }],
    });
  });

  it("holds the payout of a race completed after the confirmation", async () => {
    const { uid, id } = await flaggedPlayer();
    await decideWagerFlag(id, "confirmed", admin, NOW);
    const raceId = await insertRace(db, {
      start_date: "2026-11-27T12:00:00.000Z",
      end_date: "2026-11-27T14:58:00.000Z",
      min_wager: 1,
    });
    const other = await insertPlayer(db, {
      snapshots: [
        ["2026-11-27T11:00:00.000Z", 0],
        [SYNC_AT, 300],
      ],
    });
    // The flagged player wagers in the race too.
    await db
      .insertInto("wager_snapshots")
      .values({ uid, taken_at: "2026-11-27T14:56:00.000Z", all_time: 2_500 })
      .execute();
    await completeRace(raceId, NOW);
    const payouts = await listPayouts(raceId);
    expect(payouts.map((p) => [p.uid, p.status, p.reason])).toEqual([
      [uid, "held", `Held: confirmed wager flag #${id} (see /admin/flags)`],
      [other, "unpaid", null],
    ]);
  });
});
