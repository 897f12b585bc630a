import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertUser, uniqueName } from "../../factories";
import type { NotificationKind } from "~/domain/notifications";
import { db } from "~/services/db.server";
import { enqueueMonthlyStatements } from "~/services/email/statements.server";
import { announceRaceStarts } from "~/services/email/race-emails.server";
import { addNotifications } from "~/services/notifications/notifications.server";
import { linkedUserRanks, notifyRankUps } from "~/services/players/rank-ups.server";
import { completeRace } from "~/services/races/race-results.server";

/**
 * Each preference decides who gets which e-mail (docs/product.md §P10): the four users below
 * differ in their preferences and whether their address is confirmed.
 */

const NOW = new Date("2026-11-21T12:00:00.000Z");
const VERIFIED = "2026-11-01T00:00:00.000Z";

let allOn: number; // confirmed, every preference on, linked to player `uidAllOn`
let allOff: number; // confirmed, every preference off, linked to `uidAllOff`
let unconfirmed: number; // every preference on, address not confirmed, linked to `uidUnconfirmed`
let defaults: number; // confirmed, never saved: race and VIP news on, offers and statements off
let uidAllOn: string;
let uidAllOff: string;
let uidUnconfirmed: string;

async function member(verified: boolean, preferences: boolean | null, goatedId: string | null) {
  const id = await insertUser(db, {
    email: `${uniqueName("m")}@example.com`,
    email_verified_at: verified ? VERIFIED : null,
    goated_id: goatedId,
  });
  if (preferences !== null) {
    const flag = Number(preferences);
    await db
      .insertInto("notification_preferences")
      .values({
        user_id: id,
        wager_race_updates: flag,
        vip_status_changes: flag,
        promotional_offers: flag,
        monthly_statements: flag,
        updated_at: VERIFIED,
      })
      .execute();
  }
  return id;
}

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  for (const table of [
    "email_outbox",
    "notifications",
    "notification_preferences",
    "race_results",
    "races",
    "wager_snapshots",
    "players",
    "users",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  uidAllOn = await insertPlayer(db, { snapshots: [["2026-10-01T00:00:00.000Z", 5_000]] });
  uidAllOff = await insertPlayer(db, { snapshots: [["2026-10-01T00:00:00.000Z", 5_000]] });
  uidUnconfirmed = await insertPlayer(db, { snapshots: [["2026-10-01T00:00:00.000Z", 5_000]] });
  allOn = await member(true, true, uidAllOn);
  allOff = await member(true, false, uidAllOff);
  unconfirmed = await member(false, true, uidUnconfirmed);
  defaults = await member(true, null, null);
});

async function outbox() {
  return db
    .selectFrom("email_outbox")
    .select(["user_id", "kind", "preference", "subject", "notification_id", "text_body"])
    .orderBy("user_id")
    .orderBy("id")
    .execute();
}

async function notifyEveryone(kind: NotificationKind) {
  return db.transaction().execute((trx) =>
    addNotifications(
      trx,
      [allOn, allOff, unconfirmed, defaults].map((userId) => ({
        userId,
        kind,
        title: `A ${kind}`,
        message: "Details",
      })),
      NOW,
    ),
  );
}

describe("which notifications are e-mailed, and to whom", () => {
  it.each([
    ["announcement", "promotionalOffers", () => [allOn]],
    ["bonus_code", "promotionalOffers", () => [allOn]],
    ["rank_up", "vipStatusChanges", () => [allOn, defaults]],
    ["race_prize", "wagerRaceUpdates", () => [allOn, defaults]],
  ] as const)("%s goes by e-mail under %s", async (kind, preference, recipients) => {
    const created = await notifyEveryone(kind);
    const rows = await outbox();
    expect(rows.map((r) => r.user_id)).toEqual(recipients());
    for (const row of rows) {
      expect(row).toMatchObject({ kind, preference, subject: `A ${kind}` });
      expect(created.find((n) => n.userId === row.user_id)?.id).toBe(row.notification_id);
    }
  });

  it.each(["token_expiring", "sync_refused"] as const)(
    "the admins' alert %s goes to every confirmed address, whatever the preferences",
    async (kind) => {
      await notifyEveryone(kind);
      const rows = await outbox();
      expect(rows.map((r) => r.user_id)).toEqual([allOn, allOff, defaults]);
      for (const row of rows) {
        expect(row).toMatchObject({ kind, preference: null, subject: `A ${kind}` });
      }
    },
  );

  it.each(["support_reply", "account_link"] as const)("%s stays in-app only", async (kind) => {
    await notifyEveryone(kind);
    expect(await outbox()).toEqual([]);
  });

  it("queues nothing when the notification's transaction rolls back", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await addNotifications(
          trx,
          [{ userId: allOn, kind: "announcement", title: "T", message: "M" }],
          NOW,
        );
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await outbox()).toEqual([]);
  });
});

describe("wagerRaceUpdates", () => {
  it("e-mails a race's start once to those who want race updates", async () => {
    const raceId = await insertRace(db, {
      start_date: "2026-11-20T00:00:00.000Z",
      end_date: "2026-11-27T00:00:00.000Z",
    });
    await insertRace(db, {
      status: "upcoming",
      start_date: "2026-11-20T00:00:00.000Z",
      end_date: "2026-11-27T00:00:00.000Z",
    });
    await insertRace(db, {
      start_date: "2026-11-25T00:00:00.000Z",
      end_date: "2026-11-30T00:00:00.000Z",
    });
    await announceRaceStarts(NOW);
    await announceRaceStarts(NOW);
    const rows = await outbox();
    expect(rows.map((r) => [r.user_id, r.kind])).toEqual([
      [allOn, "race_started"],
      [defaults, "race_started"],
    ]);
    expect(rows[0]?.text_body).toContain(`/wager-races/${raceId}`);
  });

  it("e-mails the end: a winner their prize, everyone else their final position", async () => {
    const raceId = await insertRace(db, {
      start_date: "2026-11-14T00:00:00.000Z",
      end_date: "2026-11-21T00:00:00.000Z",
      start_announced_at: "2026-11-14T00:00:00.000Z",
    });
    // allOn wagers 300 and wins; allOff and unconfirmed wager less.
    for (const [uid, wager] of [
      [uidAllOn, 300],
      [uidAllOff, 200],
      [uidUnconfirmed, 100],
    ] as const) {
      await db
        .insertInto("wager_snapshots")
        .values({ uid, taken_at: "2026-11-20T00:00:00.000Z", all_time: 5_000 + wager })
        .execute();
    }
    await completeRace(raceId, NOW);
    const rows = await outbox();
    expect(rows.map((r) => [r.user_id, r.kind])).toEqual([
      [allOn, "race_prize"],
      [defaults, "race_ended"],
    ]);
    expect(rows[0]?.subject).toBe("You placed #1 in Test race");
    expect(rows[1]?.text_body).toContain("did not wager in this race");
  });

  it("tells a linked reader outside the paid places where they finished", async () => {
    const raceId = await insertRace(db, {
      start_date: "2026-11-14T00:00:00.000Z",
      end_date: "2026-11-21T00:00:00.000Z",
    });
    const uids = [];
    for (let i = 0; i < 10; i += 1) uids.push(await insertPlayer(db));
    await db
      .insertInto("wager_snapshots")
      .values([
        ...uids.map((uid) => ({ uid, taken_at: "2026-11-20T00:00:00.000Z", all_time: 1_000 })),
        { uid: uidAllOn, taken_at: "2026-11-20T00:00:00.000Z", all_time: 5_010 },
      ])
      .execute();
    await completeRace(raceId, NOW);
    const mine = (await outbox()).filter((r) => r.user_id === allOn);
    expect(mine.map((r) => r.kind)).toEqual(["race_ended"]);
    expect(mine[0]?.text_body).toContain("You finished #11 of 11.");
  });
});

describe("vipStatusChanges", () => {
  it("tells a linked user whose rank went up after a sync, in-app and by e-mail with the emblem", async () => {
    const before = await linkedUserRanks();
    // allOn and allOff cross BRONZE ($10,000); unconfirmed stays COPPER.
    await db
      .updateTable("players")
      .set({ all_time: 12_000 })
      .where("uid", "in", [uidAllOn, uidAllOff])
      .execute();
    expect(await notifyRankUps(before, NOW)).toBe(2);
    const notices = await db
      .selectFrom("notifications")
      .select(["user_id", "kind", "title"])
      .orderBy("user_id")
      .execute();
    expect(notices).toEqual([
      { user_id: allOn, kind: "rank_up", title: "You reached BRONZE" },
      { user_id: allOff, kind: "rank_up", title: "You reached BRONZE" },
    ]);
    const rows = await db.selectFrom("email_outbox").select(["user_id", "html_body"]).execute();
    expect(rows.map((r) => r.user_id)).toEqual([allOn]);
    expect(rows[0]?.html_body).toContain('/ranks/bronze.svg" alt="BRONZE rank emblem"');
    // A second look finds no new rank.
    expect(await notifyRankUps(await linkedUserRanks(), NOW)).toBe(0);
  });
});

describe("monthlyStatements", () => {
  it("queues last month's statement once per user, from 06:00 UTC on the 1st", async () => {
    await db
      .insertInto("wager_snapshots")
      .values([
        { uid: uidAllOn, taken_at: "2026-10-31T23:00:00.000Z", all_time: 16_250.5 },
        { uid: uidAllOn, taken_at: "2026-11-01T01:00:00.000Z", all_time: 99_999 },
      ])
      .execute();
    await insertRace(db, {
      title: "October Monthly Wager Race",
      status: "completed",
      start_date: "2026-10-01T00:00:00.000Z",
      end_date: "2026-11-01T00:00:00.000Z",
      results: [{ uid: uidAllOn, name: "x", wager: 11_250.5, prizeCents: 10_000 }],
    });
    expect(await enqueueMonthlyStatements(new Date("2026-11-01T05:59:59.000Z"))).toBe(0);
    expect(await enqueueMonthlyStatements(new Date("2026-11-01T06:00:00.000Z"))).toBe(1);
    expect(await enqueueMonthlyStatements(new Date("2026-11-01T06:10:00.000Z"))).toBe(0);
    expect(await enqueueMonthlyStatements(new Date("2026-11-03T12:00:00.000Z"))).toBe(0);
    const rows = await outbox();
    expect(rows.map((r) => [r.user_id, r.kind])).toEqual([[allOn, "monthly_statement"]]);
    expect(rows[0]?.subject).toBe("Your GoatedVIPs statement for October 2026");
    expect(rows[0]?.text_body).toContain("Wagered in October 2026: $11,250.50");
    expect(rows[0]?.text_body).toContain("Your rank at the end of the month: BRONZE");
    expect(rows[0]?.text_body).toContain("October Monthly Wager Race: #1, prize $100.00");
    // December's run covers November: a new statement.
    expect(await enqueueMonthlyStatements(new Date("2026-12-01T06:00:00.000Z"))).toBe(1);
  });
});
