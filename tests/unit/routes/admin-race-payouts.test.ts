import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertRace, insertUser } from "../../factories";
import { routeAnswer } from "../../route-answer";
import type { RouteHandler } from "../../route-answer";
import { readToast } from "~/http/toast.server";
import * as panel from "~/routes/admin._index";
import * as raceList from "~/routes/admin.wager-races";
import * as racePayouts from "~/routes/admin.wager-races_.$id";
import * as statusApi from "~/routes/api.admin.wager-races.$id.status";
import * as payoutsCsv from "~/routes/admin.wager-races_.$id.payouts[.csv]";
import * as history from "~/routes/wager-races.history";
import * as racePage from "~/routes/wager-races.$id";
import * as profile from "~/routes/profile";
import { db } from "~/services/db.server";
import { createSession } from "~/services/auth/sessions.server";

// The payout ledger's pages (issue 32): the admin marks a payout with the forms of
// /admin/wager-races/:id (4xx and nothing written on bad input), /admin lists the overdue ones,
// the CSV export, and 'Paid' with its date where players look (race pages, history, profile).

type Handler = RouteHandler;

let adminToken = "";
let winnerToken = "";
let raceId = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  await migrateToLatest(db);
  const adminId = await insertUser(db, { username: "ledger-boss", is_admin: 1 });
  adminToken = await createSession({ userId: adminId, userAgent: "vitest", ip: "127.0.0.1" });
  const winnerId = await insertUser(db, { username: "ledger-winner", goated_id: "uid-first" });
  winnerToken = await createSession({ userId: winnerId, userAgent: "vitest", ip: "127.0.0.1" });
});

beforeEach(async () => {
  for (const table of ["audit_log", "notifications", "email_outbox", "race_results"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("races").execute();
  const completed = new Date(Date.now() - 30 * HOUR).toISOString();
  raceId = await insertRace(db, {
    title: "Ledger Race",
    status: "completed",
    prize_pool_cents: 30_000,
    start_date: new Date(Date.now() - 100 * HOUR).toISOString(),
    end_date: completed,
    completed_at: completed,
    results: [
      { uid: "uid-first", name: "=SUM(A1)", wager: 9_000, prizeCents: 20_000 },
      { uid: "uid-second", name: "Runner", wager: 5_000, prizeCents: 10_000 },
      { uid: "uid-third", name: "Unpaid Share", wager: 1_000, prizeCents: 0 },
    ],
  });
});

/** A loader's or action's answer as Remix would send it, its data as `body`. */
async function call(handler: Handler, request: Request, params: Record<string, string> = {}) {
  const { status, response, data } = await routeAnswer(handler, request, params);
  return { status, response, body: data };
}

const as = (token: string) => ({ Authorization: `Bearer ${token}`, "User-Agent": "vitest" });

function mark(fields: Record<string, string>, token = adminToken) {
  const body = new URLSearchParams({ intent: "mark-payout", ...fields });
  return call(
    racePayouts.action as Handler,
    new Request(`http://localhost/admin/wager-races/${raceId}`, {
      method: "POST",
      headers: as(token),
      body,
    }),
    { id: String(raceId) },
  );
}

const ledger = () =>
  db
    .selectFrom("race_results")
    .select(["position", "payout_status", "payout_reference", "paid_at"])
    .where("race_id", "=", raceId)
    .orderBy("position")
    .execute();
const auditCount = async () => (await db.selectFrom("audit_log").select("id").execute()).length;

describe("/admin/wager-races/:id", () => {
  it("lists each paid place's payout, overdue 30 hours after completion", async () => {
    const page = await call(
      racePayouts.loader as Handler,
      new Request(`http://localhost/admin/wager-races/${raceId}`, { headers: as(adminToken) }),
      { id: String(raceId) },
    );
    const { payouts } = page.body as {
      payouts: Array<{ payout: { place: number; status: string }; overdue: boolean }>;
    };
    expect(payouts.map(({ payout, overdue }) => [payout.place, payout.status, overdue])).toEqual([
      [1, "unpaid", true],
      [2, "unpaid", true],
    ]);
  });

  it("marks a payout paid from the form: a toast, the record, the audit and the winner told", async () => {
    const answer = await mark({
      place: "1",
      status: "paid",
      method: "tip",
      reference: "tip-9001",
    });
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get("Location")).toBe(`/admin/wager-races/${raceId}`);
    const cookies = answer.response?.headers.getSetCookie().map((c) => c.split(";")[0]) ?? [];
    const { toast } = await readToast(
      new Request("http://localhost/", { headers: { Cookie: cookies.join("; ") } }),
    );
    expect(toast).toMatchObject({ title: "Payout Updated", description: "#1 =SUM(A1): Paid." });
    expect(await ledger()).toMatchObject([
      { position: 1, payout_status: "paid", payout_reference: "tip-9001" },
      { position: 2, payout_status: "unpaid" },
      { position: 3, payout_status: "unpaid" },
    ]);
    expect(await auditCount()).toBe(1);
    const told = await db.selectFrom("notifications").select("kind").execute();
    expect(told).toEqual([{ kind: "race_prize_paid" }]);

    // Held with a reason, then back to unpaid: each audited.
    expect((await mark({ place: "2", status: "held", reason: "KYC check" })).status).toBe(302);
    expect((await mark({ place: "2", status: "unpaid" })).status).toBe(302);
    expect(await auditCount()).toBe(3);
  });

  it.each<[string, Record<string, string>, number, RegExp]>([
    ["paid without a reference", { place: "1", status: "paid", method: "tip" }, 400, /reference/],
    ["held without a reason", { place: "1", status: "held" }, 400, /why the prize is held/],
    ["a status it does not know", { place: "1", status: "lost" }, 400, /unpaid, paid or held/],
    ["a place past 10", { place: "11", status: "unpaid" }, 400, /No such paid place/],
    ["a place that is no number", { place: "x", status: "unpaid" }, 400, /No such paid place/],
    ["a place whose share is 0", { place: "3", status: "unpaid" }, 404, /has no payout/],
    [
      "a reference too long",
      { place: "1", status: "paid", method: "tip", reference: "r".repeat(201) },
      400,
      /at most 200/,
    ],
    [
      "a control character",
      { place: "1", status: "held", reason: "bad\u0007" },
      400,
      /control characters/,
    ],
  ])("refuses %s with a clear 4xx and writes nothing", async (_, fields, status, message) => {
    const answer = await mark(fields);
    expect(answer.status).toBe(status);
    expect(JSON.stringify(answer.body)).toMatch(message);
    expect((await ledger()).map((row) => row.payout_status)).toEqual([
      "unpaid",
      "unpaid",
      "unpaid",
    ]);
    expect(await auditCount()).toBe(0);
  });

  it("refuses a form from a page loaded before another admin's change, writing nothing", async () => {
    const fields = { place: "1", method: "Tip", expectedStatus: "unpaid" };
    expect((await mark({ ...fields, status: "paid", reference: "tip-first" })).status).toBe(302);
    // A second admin's page still shows place 1 unpaid: their payment would be a second one.
    const stale = await mark({ ...fields, status: "paid", reference: "tip-again" });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain("since you looked at it");
    const held = await mark({
      place: "1",
      status: "held",
      reason: "check",
      expectedStatus: "unpaid",
    });
    expect(held.status).toBe(409);
    expect((await ledger())[0]).toMatchObject({
      payout_status: "paid",
      payout_reference: "tip-first",
    });
    expect(await auditCount()).toBe(1);
  });

  it("answers 404 for a race that does not exist, and refuses a non-admin", async () => {
    const missing = await call(
      racePayouts.loader as Handler,
      new Request("http://localhost/admin/wager-races/999999", { headers: as(adminToken) }),
      { id: "999999" },
    );
    expect(missing.status).toBe(404);
    expect((await mark({ place: "1", status: "unpaid" }, winnerToken)).status).toBe(403);
    expect(await auditCount()).toBe(0);
  });
});

describe("a race with payouts on record", () => {
  const reopenByApi = () =>
    call(
      statusApi.action as Handler,
      new Request(`http://localhost/api/admin/wager-races/${raceId}/status`, {
        method: "PUT",
        headers: { ...as(adminToken), "Content-Type": "application/json" },
        body: JSON.stringify({ status: "live" }),
      }),
      { id: String(raceId) },
    );
  const raceStatus = async () =>
    (await db.selectFrom("races").select("status").where("id", "=", raceId).executeTakeFirst())
      ?.status;

  it("is not reopened (which would drop its ledger) until its payouts are back to unpaid", async () => {
    await mark({ place: "1", status: "paid", method: "tip", reference: "tip-3" });
    const refused = await reopenByApi();
    expect(refused.status).toBe(409);
    expect(await refused.response?.json()).toMatchObject({ message: /marked paid or held/ });
    const toggled = await call(
      raceList.action as Handler,
      new Request("http://localhost/admin/wager-races", {
        method: "POST",
        headers: as(adminToken),
        body: new URLSearchParams({ intent: "toggle-status", id: String(raceId) }),
      }),
    );
    expect(toggled.status).toBe(302);
    expect(await raceStatus()).toBe("completed");
    expect((await ledger())[0]).toMatchObject({ payout_status: "paid", payout_reference: "tip-3" });

    await mark({ place: "1", status: "unpaid" });
    expect((await reopenByApi()).status).toBe(200);
    expect(await raceStatus()).toBe("live");
  });
});

describe("the payouts CSV", () => {
  const download = (token: string) =>
    call(
      payoutsCsv.loader as Handler,
      new Request(`http://localhost/admin/wager-races/${raceId}/payouts.csv`, {
        headers: as(token),
      }),
      { id: String(raceId) },
    );

  it("is an attachment for admins, with formulas in names defused", async () => {
    await mark({ place: "1", status: "paid", method: "tip", reference: "tip-1" });
    const answer = await download(adminToken);
    expect(answer.status).toBe(200);
    expect(answer.response?.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.response?.headers.get("Content-Disposition")).toBe(
      `attachment; filename="race-${raceId}-payouts.csv"`,
    );
    const lines = (await answer.response?.text())?.split("\r\n") ?? [];
    expect(lines[0]).toBe("place,name,uid,amount,status,method,reference,reason,paidAt,paidBy");
    expect(lines[1]).toMatch(/^1,'=SUM\(A1\),uid-first,200\.00,paid,tip,tip-1,,\S+,ledger-boss$/);
    expect(lines[2]).toBe("2,Runner,uid-second,100.00,unpaid,,,,,");
    expect(lines).toHaveLength(4);
  });

  it("is refused to a non-admin", async () => {
    expect((await download(winnerToken)).status).toBe(403);
  });
});

describe("where the ledger shows", () => {
  it("lists overdue payouts on /admin, with the race's ledger", async () => {
    await mark({ place: "2", status: "held", reason: "KYC" });
    const page = await call(
      panel.loader as Handler,
      new Request("http://localhost/admin", { headers: as(adminToken) }),
    );
    const { overdue } = page.body as { overdue: Array<{ raceId: number; place: number }> };
    expect(overdue.map((p) => [p.raceId, p.place])).toEqual([[raceId, 1]]);
  });

  it("shows the paid date beside the prize on the race page and the history, nothing private", async () => {
    await mark({ place: "1", status: "paid", method: "tip", reference: "tip-secret" });
    const [paidAt] = (await ledger()).map((row) => row.paid_at);
    const page = await call(
      racePage.loader as Handler,
      new Request(`http://localhost/wager-races/${raceId}`),
      { id: String(raceId) },
    );
    const { board } = page.body as { board: { participants: unknown[] } };
    expect(board.participants).toMatchObject([{ position: 1, paidAt }, { paidAt: null }, {}]);
    const past = await call(history.loader as Handler, new Request("http://localhost/h"));
    const { races } = past.body as { races: Array<{ results: unknown[] }> };
    expect(races[0]?.results).toMatchObject([{ position: 1, prizeCents: 20_000, paidAt }, {}, {}]);
    // The ledger's private columns (who marked it, the reference) never reach the pages' data.
    expect(JSON.stringify([board, races])).not.toMatch(/ledger-boss|tip-secret|payout_/);
  });

  it("lists the winner's prizes and their status on their profile", async () => {
    await mark({ place: "1", status: "paid", method: "tip", reference: "tip-2" });
    const page = await call(
      profile.loader as Handler,
      new Request("http://localhost/profile?tab=races", { headers: as(winnerToken) }),
    );
    const { prizes } = page.body as { prizes: unknown[] };
    expect(prizes).toEqual([
      {
        raceId,
        raceTitle: "Ledger Race",
        place: 1,
        amountCents: 20_000,
        status: "paid",
        paidAt: expect.any(String) as string,
      },
    ]);
  });
});
