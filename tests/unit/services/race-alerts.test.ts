// Personal race alerts after a sync (issue 33 item 3): a linked player with wagerRaceUpdates on
// hears in-app and by push when their place in the current race changes, at most once per race
// per 30 minutes; a player with it off hears nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertUser } from "../../factories";
import { db } from "~/services/db.server";
import { savePreferences } from "~/services/notifications/preferences.server";
import { savePushSubscription } from "~/services/push/subscriptions.server";
import { raceStandingsBeforeSync, sendRaceAlerts } from "~/services/races/race-alerts.server";

const T0 = new Date("2026-11-20T00:00:00.000Z");
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const iso = (minutes: number) => at(minutes).toISOString();

beforeAll(async () => {
  await migrateToLatest(db);
});

async function snapshot(uid: string, minutes: number, allTime: number) {
  await db
    .insertInto("wager_snapshots")
    .values({ uid, taken_at: iso(minutes), all_time: allTime })
    .execute();
}

/** A sync at +`minutes` storing `totals`: the standings before it kept, then its alerts sent. */
async function syncWithAlerts(minutes: number, totals: [uid: string, allTime: number][]) {
  const before = await raceStandingsBeforeSync(at(minutes));
  for (const [uid, allTime] of totals) await snapshot(uid, minutes, allTime);
  return sendRaceAlerts(before, at(minutes));
}

const alertsOf = (userId: number) =>
  db
    .selectFrom("notifications")
    .select(["title", "message"])
    .where("user_id", "=", userId)
    .where("kind", "=", "race_alert")
    .orderBy("id")
    .execute();

describe("sendRaceAlerts", () => {
  it("tells linked players with race updates on, in-app and by push, once per race per 30 minutes", async () => {
    await insertRace(db, { title: "Alert Race", start_date: iso(0), end_date: iso(7 * 24 * 60) });
    const start: [string, number] = [iso(-60), 0];
    await insertPlayer(db, { uid: "alert-a", snapshots: [start, [iso(10), 500]] });
    await insertPlayer(db, { uid: "alert-b", snapshots: [start, [iso(10), 400]] });
    await insertPlayer(db, { uid: "alert-c", snapshots: [start, [iso(10), 300]] });
    await insertPlayer(db, { uid: "alert-d", snapshots: [start, [iso(10), 200]] });
    const climber = await insertUser(db, { goated_id: "alert-d" });
    const quiet = await insertUser(db, { goated_id: "alert-c" });
    await savePreferences(quiet, {
      wagerRaceUpdates: false,
      vipStatusChanges: true,
      promotionalOffers: false,
      monthlyStatements: false,
    });
    await savePushSubscription(
      climber,
      { endpoint: "https://push.example/climber", keys: { p256dh: "BAAA", auth: "AAAA" } },
      null,
    );

    // The sync at +20 puts d into the paid places and c out of them.
    expect(await syncWithAlerts(20, [["alert-d", 350]])).toBe(1);
    expect(await alertsOf(climber)).toEqual([
      {
        title: "You are in the prizes",
        message: "You are #3 in Alert Race, a paid place. Keep wagering to hold it.",
      },
    ]);
    expect(await alertsOf(quiet)).toEqual([]);
    const pushes = await db.selectFrom("push_outbox").select("payload").execute();
    expect(pushes.map((row) => JSON.parse(row.payload) as unknown)).toEqual([
      expect.objectContaining({ title: "You are in the prizes" }),
    ]);

    // Nothing moved since: nothing to say.
    expect(await syncWithAlerts(21, [])).toBe(0);

    // c takes the place back at +30: d dropped out, but heard of this race 10 minutes ago.
    expect(await syncWithAlerts(30, [["alert-c", 450]])).toBe(0);
    expect(await alertsOf(climber)).toHaveLength(1);

    // At +50, 30 minutes on, d climbs back in and hears it.
    expect(await syncWithAlerts(50, [["alert-d", 460]])).toBe(1);
    expect((await alertsOf(climber)).map((n) => n.title)).toEqual([
      "You are in the prizes",
      "You are in the prizes",
    ]);
    // No e-mail for an alert: it goes in-app and by push only.
    const emails = await db
      .selectFrom("email_outbox")
      .select("kind")
      .where("kind", "=", "race_alert")
      .execute();
    expect(emails).toEqual([]);
  });
});
