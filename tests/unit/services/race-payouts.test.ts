import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertRace, insertUser, uniqueName } from "../../factories";
import { isOverdue, payoutsCsv } from "~/domain/race-payouts";
import { payoutChangeSchema } from "~/domain/race-payout-change";
import type { PayoutView } from "~/domain/race-payouts";
import { db } from "~/services/db.server";
import { setRaceStatus } from "~/services/races/race-admin.server";
import {
  hasPayoutsOnRecord,
  listPayouts,
  markPayout,
  overduePayouts,
  prizesWonBy,
} from "~/services/races/race-payouts.server";
import type { PayoutMarking } from "~/services/races/race-payouts.server";
import { POSTGRES_PASS } from "../../postgres/template-database";

const NOW = new Date("2026-11-27T12:00:00.000Z");

/** Until a statement of this database waits for a row lock (another connection's update). */
async function waitForARowLock() {
  for (let tries = 0; tries < 500; tries += 1) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (Number(rows[0]?.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no statement came to wait for the row");
}
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR).toISOString();

let admin = { userId: 0, username: "" };

async function completedRace(completedHoursAgo: number) {
  return insertRace(db, {
    title: uniqueName("Paid race"),
    status: "completed",
    prize_pool_cents: 30_000,
    min_wager: 1,
    start_date: ago(completedHoursAgo + 100),
    end_date: ago(completedHoursAgo),
    created_at: ago(completedHoursAgo + 200),
    updated_at: ago(completedHoursAgo),
    completed_at: ago(completedHoursAgo),
    results: [
      { uid: "winner-uid", name: "Winner", wager: 9000, prizeCents: 20_000 },
      { uid: "second-uid", name: "Second", wager: 5000, prizeCents: 10_000 },
    ],
  });
}

async function linkedMember(goatedId: string, raceUpdates: boolean) {
  const id = await insertUser(db, {
    email: `${uniqueName("w")}@example.com`,
    email_verified_at: ago(1000),
    goated_id: goatedId,
  });
  const flag = Number(raceUpdates);
  await db
    .insertInto("notification_preferences")
    .values({
      user_id: id,
      wager_race_updates: flag,
      vip_status_changes: flag,
      promotional_offers: flag,
      monthly_statements: flag,
      updated_at: ago(1000),
    })
    .execute();
  return id;
}

beforeAll(async () => {
  await migrateToLatest(db);
  const username = uniqueName("payer");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
});

beforeEach(async () => {
  for (const table of ["email_outbox", "notifications", "audit_log", "race_results"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("races").execute();
  await db.updateTable("users").set({ goated_id: null }).execute();
});

describe("the payout ledger", () => {
  it("starts each paid place unpaid, with its prize", async () => {
    const raceId = await completedRace(2);
    expect(await listPayouts(raceId)).toEqual([
      expect.objectContaining({ place: 1, name: "Winner", amountCents: 20_000, status: "unpaid" }),
      expect.objectContaining({ place: 2, name: "Second", amountCents: 10_000, status: "unpaid" }),
    ]);
  });

  it("marks a payout paid: who, when, how, audited, and the winner told in-app and by e-mail", async () => {
    const raceId = await completedRace(2);
    const told = await linkedMember("winner-uid", true);
    const quiet = await linkedMember("second-uid", false);
    const marked = await markPayout(
      raceId,
      1,
      { status: "paid", method: "tip", reference: "tip-77", reason: null },
      admin,
      NOW,
    );
    if (!("payout" in marked)) throw new Error("expected the payout");
    expect(marked.payout).toMatchObject({
      status: "paid",
      method: "tip",
      reference: "tip-77",
      amountCents: 20_000,
      paidAt: NOW.toISOString(),
      paidBy: admin.username,
    });
    expect(marked.notifications.map((n) => [n.userId, n.kind])).toEqual([
      [told, "race_prize_paid"],
    ]);
    const second = await markPayout(
      raceId,
      2,
      { status: "paid", method: "crypto", reference: "0xabc", reason: null },
      admin,
      NOW,
    );
    // In-app whatever the preference; by e-mail only with wagerRaceUpdates on.
    expect(second).toMatchObject({ notifications: [{ userId: quiet, kind: "race_prize_paid" }] });
    const emails = await db.selectFrom("email_outbox").select(["user_id", "kind"]).execute();
    expect(emails).toEqual([{ user_id: told, kind: "race_prize_paid" }]);
    const audit = await db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(audit.slice(0, 1)).toMatchObject([
      { kind: "race.payout_marked", subject: `race:${raceId}`, actor_id: admin.userId },
    ]);
    expect(JSON.parse(audit[0]?.before_json ?? "{}")).toMatchObject({ status: "unpaid" });
    expect(JSON.parse(audit[0]?.after_json ?? "{}")).toMatchObject({ status: "paid" });

    // Correcting the reference keeps when and by whom it was paid, and tells nobody again.
    const corrected = await markPayout(
      raceId,
      1,
      { status: "paid", method: "tip", reference: "tip-78", reason: null },
      { userId: admin.userId, username: "someone-else" },
      new Date(NOW.getTime() + HOUR),
    );
    if (!("payout" in corrected)) throw new Error("expected the payout");
    expect(corrected.payout).toMatchObject({ reference: "tip-78", paidAt: NOW.toISOString() });
    expect(corrected.notifications).toEqual([]);
  });

  it("holds a payout with its reason; unpaid clears it; a missing race or place is said", async () => {
    const raceId = await completedRace(2);
    const held = await markPayout(
      raceId,
      2,
      { status: "held", method: null, reference: null, reason: "Account under review" },
      admin,
      NOW,
    );
    expect(held).toMatchObject({ payout: { status: "held", reason: "Account under review" } });
    const cleared = await markPayout(
      raceId,
      2,
      { status: "unpaid", method: null, reference: null, reason: null },
      admin,
      NOW,
    );
    expect(cleared).toMatchObject({ payout: { status: "unpaid", reason: null, paidAt: null } });
    const change = { status: "unpaid", method: null, reference: null, reason: null } as const;
    expect(await markPayout(raceId, 3, change, admin, NOW)).toEqual({ missing: "place" });
    expect(await markPayout(raceId + 1000, 1, change, admin, NOW)).toEqual({ missing: "race" });
    expect(await db.selectFrom("audit_log").select("id").execute()).toHaveLength(2);
  });

  // Two admins at once on PostgreSQL (two processes): the other marking holds the row when this
  // one reads it as unpaid, and commits while this one's update waits for the row.
  it.runIf(POSTGRES_PASS)("changes nothing when another marking got there first", async () => {
    const raceId = await completedRace(2);
    await linkedMember("winner-uid", true);
    let marking: Promise<PayoutMarking> | undefined;
    await db.transaction().execute(async (other) => {
      await other
        .updateTable("race_results")
        .set({ payout_status: "held", payout_reason: "KYC" })
        .where("race_id", "=", raceId)
        .where("position", "=", 1)
        .execute();
      const paid = { status: "paid", method: "tip", reference: "tip-1", reason: null } as const;
      marking = markPayout(raceId, 1, paid, admin, NOW);
      await waitForARowLock();
    });
    expect(await marking).toEqual({ changedMeanwhile: true });
    expect(await db.selectFrom("notifications").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("audit_log").select("id").execute()).toEqual([]);
    expect(await listPayouts(raceId)).toMatchObject([{ status: "held", reason: "KYC" }, {}]);
  });

  // An admin reopens the race on one process while another marks a prize paid: the reopening read
  // no payout on record, and its delete of the frozen results waits for the row being paid.
  it.runIf(POSTGRES_PASS)("keeps a prize paid while the race was being reopened", async () => {
    const raceId = await completedRace(2);
    let reopening: ReturnType<typeof setRaceStatus> | undefined;
    await db.transaction().execute(async (other) => {
      await other
        .updateTable("race_results")
        .set({ payout_status: "paid", payout_method: "tip", payout_reference: "tip-9" })
        .where("race_id", "=", raceId)
        .where("position", "=", 1)
        .execute();
      reopening = setRaceStatus(raceId, "live", admin, NOW);
      await waitForARowLock();
    });
    expect(await reopening).toEqual({ payoutsOnRecord: true });
    expect(await listPayouts(raceId)).toMatchObject([{ status: "paid", reference: "tip-9" }, {}]);
    const race = await db
      .selectFrom("races")
      .select(["status", "result_hash"])
      .where("id", "=", raceId)
      .executeTakeFirstOrThrow();
    expect(race.status).toBe("completed");
  });

  it("lists payouts still unpaid 24 hours after completion as overdue", async () => {
    const late = await completedRace(30);
    await completedRace(2);
    await markPayout(
      late,
      2,
      { status: "held", method: null, reference: null, reason: "KYC" },
      admin,
      NOW,
    );
    const overdue = await overduePayouts(NOW);
    expect(overdue.map((p) => [p.raceId, p.place])).toEqual([[late, 1]]);
  });
});

describe("results frozen before the ledger (migration 0026 marks them untracked)", () => {
  it("are no payouts: not listed, never overdue, not markable, no bar to reopening, 'not recorded' on the profile", async () => {
    const raceId = await completedRace(24 * 40);
    const winner = await linkedMember("winner-uid", true);
    await db
      .updateTable("race_results")
      .set({ payout_status: "untracked" })
      .where("race_id", "=", raceId)
      .execute();
    expect(await listPayouts(raceId)).toEqual([]);
    expect(await overduePayouts(NOW)).toEqual([]);
    expect(await hasPayoutsOnRecord(db, raceId)).toBe(false);
    expect(
      await markPayout(
        raceId,
        1,
        { status: "paid", method: "Tip", reference: "t-1", reason: null },
        admin,
        NOW,
      ),
    ).toEqual({
      missing: "place",
    });
    expect(await prizesWonBy(winner)).toMatchObject([{ raceId, place: 1, status: null }]);
  });
});

describe("payout rules", () => {
  it("wants a method and reference to mark paid, a reason to hold", () => {
    const paid = payoutChangeSchema.safeParse({ status: "paid", method: " ", reference: null });
    expect(paid.success).toBe(false);
    expect(paid.error?.issues.map((i) => i.message)).toEqual([
      "Say how the prize was paid",
      "Give the payment's reference, such as a transaction or tip id",
    ]);
    expect(payoutChangeSchema.safeParse({ status: "held" }).error?.issues[0]?.message).toBe(
      "Say why the prize is held",
    );
    expect(payoutChangeSchema.safeParse({ status: "lost" }).success).toBe(false);
    // Unpaid drops what it does not use.
    expect(payoutChangeSchema.parse({ status: "unpaid", reason: "x", method: "tip" })).toEqual({
      status: "unpaid",
      method: null,
      reference: null,
      reason: null,
    });
  });

  it("is overdue only unpaid and more than 24 hours after completion", () => {
    expect(isOverdue("unpaid", ago(25), NOW)).toBe(true);
    expect(isOverdue("unpaid", ago(23), NOW)).toBe(false);
    expect(isOverdue("held", ago(25), NOW)).toBe(false);
    expect(isOverdue("unpaid", null, NOW)).toBe(false);
  });

  it("exports CSV with quoted fields and defused formulas, spaces before them included", () => {
    const payout: PayoutView = {
      place: 1,
      uid: "u1",
      name: '=HYPERLINK("x")',
      amountCents: 20_536,
      status: "paid",
      method: "tip, manual",
      reference: "t-1",
      reason: null,
      paidAt: "2026-11-27T12:00:00.000Z",
      paidBy: "boss",
    };
    expect(payoutsCsv([{ ...payout, name: " \u00a0=1+1" }])).toContain(",' \u00a0=1+1,");
    expect(payoutsCsv([payout])).toBe(
      "\uFEFFplace,name,uid,amount,status,method,reference,reason,paidAt,paidBy\r\n" +
        `1,"'=HYPERLINK(""x"")",u1,205.36,paid,"tip, manual",t-1,,2026-11-27T12:00:00.000Z,boss\r\n`,
    );
  });
});
