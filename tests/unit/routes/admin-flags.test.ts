import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertUser } from "../../factories";
import { routeAnswer } from "../../route-answer";
import type { RouteHandler } from "../../route-answer";
import * as panel from "~/routes/admin._index";
import * as flagsPage from "~/routes/admin.flags";
import { db } from "~/services/db.server";
import { listPayouts } from "~/services/races/race-payouts.server";
import { createSession } from "~/services/auth/sessions.server";
import { evaluateWagerFlags, listWagerFlags } from "~/services/players/wager-flags.server";

// /admin/flags (issue 34 item 2): the open flags with their evidence, decided with native forms
// (4xx and nothing written on bad input), and the open count on /admin.

let adminToken = "";
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const as = (token: string) => ({ Authorization: `Bearer ${token}`, "User-Agent": "vitest" });

beforeAll(async () => {
  await migrateToLatest(db);
  const adminId = await insertUser(db, { username: "flag-boss", is_admin: 1 });
  adminToken = await createSession({ userId: adminId, userAgent: "vitest", ip: "127.0.0.1" });
});

let flagId = 0;
let raceId = 0;
const PLAYER = "uid-dropping";

beforeEach(async () => {
  for (const table of ["wager_flags", "audit_log", "race_results"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("races").execute();
  await db.deleteFrom("players").execute();
  const syncAt = ago(1);
  await insertPlayer(db, {
    uid: PLAYER,
    name: "Dropper",
    snapshots: [
      [ago(3), 2_000],
      [syncAt, 1_500],
    ],
    wager_changed_at: syncAt,
  });
  await evaluateWagerFlags(syncAt);
  flagId = (await listWagerFlags("open")).flags[0]!.id;
  raceId = await insertRace(db, {
    status: "completed",
    start_date: ago(100),
    end_date: ago(30),
    completed_at: ago(30),
    results: [{ uid: PLAYER, name: "Dropper", wager: 900, prizeCents: 10_000 }],
  });
});

const call = (handler: unknown, request: Request) => routeAnswer(handler as RouteHandler, request);

function decide(fields: Record<string, string>) {
  return call(
    flagsPage.action,
    new Request("http://localhost/admin/flags", {
      method: "POST",
      headers: as(adminToken),
      body: new URLSearchParams(fields),
    }),
  );
}

const statusOfFlag = async () =>
  (await db.selectFrom("wager_flags").select("status").executeTakeFirstOrThrow()).status;

describe("/admin/flags", () => {
  it("lists the open flags with their figures and chart; /admin counts them", async () => {
    const page = await call(
      flagsPage.loader,
      new Request("http://localhost/admin/flags", { headers: as(adminToken) }),
    );
    expect(page.data).toMatchObject({
      flags: [
        {
          id: flagId,
          kind: "totals_decrease",
          playerName: "Dropper",
          evidence: { before: 2_000, after: 1_500 },
          chart: { state: expect.any(String) },
        },
      ],
    });
    const admin = await call(
      panel.loader,
      new Request("http://localhost/admin", { headers: as(adminToken) }),
    );
    expect(admin.data).toMatchObject({ openFlags: 1 });
  });

  it("pages the open flags 25 at a time, newest first, so a busy week's charts are not drawn at once", async () => {
    await db
      .insertInto("wager_flags")
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          kind: "totals_decrease" as const,
          player_uid: PLAYER,
          evidence_window: `window-${i}`,
          evidence_json: JSON.stringify({ kind: "totals_decrease", before: 2, after: 1 }),
          created_at: ago(2 + i / 100),
        })),
      )
      .execute();
    const pageOf = async (query: string) =>
      (
        await call(
          flagsPage.loader,
          new Request(`http://localhost/admin/flags${query}`, { headers: as(adminToken) }),
        )
      ).data as { flags: { evidenceWindow: string }[]; window: { page: number }; total: number };
    const first = await pageOf("");
    expect(first.total).toBe(31);
    expect(first.flags).toHaveLength(25);
    expect(first.flags[1]!.evidenceWindow).toBe("window-0");
    const second = await pageOf("?page=2");
    expect(second.window.page).toBe(2);
    expect(second.flags.map((flag) => flag.evidenceWindow)).toEqual(
      [24, 25, 26, 27, 28, 29].map((i) => `window-${i}`),
    );
  });

  it("confirms a flag: the player's payout is held with the reason, and a second decision is a 409", async () => {
    const answer = await decide({ intent: "confirmed", flagId: String(flagId) });
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get("Location")).toBe("/admin/flags");
    expect(await statusOfFlag()).toBe("confirmed");
    expect(await listPayouts(raceId)).toEqual([
      expect.objectContaining({
        status: "held",
        reason: `Held: confirmed wager flag #${flagId} (see /admin/flags)`,
      }),
    ]);
    const again = await decide({ intent: "dismissed", flagId: String(flagId) });
    expect(again.status).toBe(409);
    expect(await statusOfFlag()).toBe("confirmed");
  });

  it("refuses an unknown decision or flag with a 4xx, writing nothing", async () => {
    expect((await decide({ intent: "delete", flagId: String(flagId) })).status).toBe(400);
    expect((await decide({ intent: "dismissed", flagId: "abc" })).status).toBe(400);
    expect((await decide({ intent: "dismissed" })).status).toBe(400);
    expect((await decide({ intent: "dismissed", flagId: String(flagId + 99) })).status).toBe(404);
    expect(await statusOfFlag()).toBe("open");
    expect(await db.selectFrom("audit_log").select("id").execute()).toEqual([]);
  });
});
