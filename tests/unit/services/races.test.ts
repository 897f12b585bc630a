import { parseWithZod } from "@conform-to/zod/v4";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertSession, insertUser } from "../../factories";
import { raceFormDefaults } from "~/components/race/RaceForm";
import type { NotificationView } from "~/domain/notifications";
import { MONTHLY_RACE_SHARES } from "~/domain/race-prizes";
import { eventBus } from "~/server/domain-event-bus.server";
import { raceCompletedMessage } from "~/realtime/messages";
import type { ServerMessage } from "~/realtime/messages";
import { db } from "~/services/db.server";
import { setRaceStatus, updateRace } from "~/services/races/race-admin.server";
import { raceFormSchema, raceInputFromForm } from "~/domain/race-form";
import { runRaceJobs } from "~/jobs/race-completion.server";
import { finishSyncRun, startSyncRun } from "~/services/operations/sync-runs.server";
import { completeRace } from "~/services/races/race-results.server";
import {
  computeStandings,
  findRacePosition,
  raceParticipants,
} from "~/services/races/race-standings.server";
import {
  ensureMonthlyRace,
  findCurrentRace,
  listCompletedRaces,
  toRaceView,
} from "~/services/races/race-store.server";
import {
  loadCurrentRaceStanding,
  requestMember,
  loadRacePositionCard,
  loadRaceStanding,
} from "~/services/races/race-views.server";
import { signedInCookie } from "../session-cookie";

const NOV = "2026-11-01T00:00:00.000Z";
const DEC = "2026-12-01T00:00:00.000Z";
const now = new Date("2026-11-21T12:00:00.000Z");

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("notifications").execute();
  await db.deleteFrom("race_results").execute();
  await db.deleteFrom("races").execute();
  await db.deleteFrom("wager_snapshots").execute();
  await db.deleteFrom("players").execute();
  await db.deleteFrom("users").execute();
  await db.deleteFrom("sync_runs").execute();
});

/** A good sync run that started at `at` (the completion job waits for one after a race's end). */
async function recordGoodSync(at: string) {
  const run = await startSyncRun("provider", new Date(at));
  await finishSyncRun(
    run,
    { outcome: "success", players: 0, skipped: 0, changed: 0 },
    new Date(at),
  );
}

/** A player as a sync leaves it: totals now, and a snapshot at each instant its total changed. */
async function seedPlayer(
  uid: string,
  name: string,
  snapshots: Array<[string, number]>,
  thisMonth = 0,
) {
  await insertPlayer(db, {
    uid,
    name,
    this_month: thisMonth,
    updated_at: now.toISOString(),
    wager_changed_at: now.toISOString(),
    snapshots,
  });
}

function seedRace(fields: {
  start: string;
  end: string;
  status?: "upcoming" | "live" | "completed";
  type?: "weekly" | "monthly" | "weekend";
  minWager?: number;
}) {
  return insertRace(db, {
    type: fields.type,
    status: fields.status,
    min_wager: fields.minWager,
    start_date: fields.start,
    end_date: fields.end,
    created_at: NOV,
    updated_at: NOV,
  });
}

describe("standings from snapshots", () => {
  it("equal the provider's this_month totals for a race that is exactly the current UTC month", async () => {
    // Snapshots as the sync leaves them: before the month, during it, and one on the boundary.
    await seedPlayer(
      "u1",
      "Alpha",
      [
        ["2026-10-20T10:00:00.000Z", 1000],
        ["2026-11-05T10:00:00.000Z", 1600.25],
        ["2026-11-20T10:00:00.000Z", 2500.5],
      ],
      1500.5,
    );
    await seedPlayer(
      "u2",
      "Bravo",
      [
        [NOV, 300],
        ["2026-11-10T00:00:00.000Z", 900],
      ],
      600,
    );
    // Joined during the month: everything they wagered is this month's.
    await seedPlayer("u3", "Charlie", [["2026-11-15T08:00:00.000Z", 42]], 42);
    // Wagered last month only.
    await seedPlayer("u4", "Delta", [["2026-10-01T00:00:00.000Z", 5000]], 0);

    const race = await ensureMonthlyRace(now);
    expect(race).toMatchObject({ startDate: NOV, endDate: DEC, status: "live", type: "monthly" });
    const standings = await computeStandings(race!, now);
    const players = await db
      .selectFrom("players")
      .selectAll()
      .where("this_month", ">", 0)
      .execute();
    expect(standings.map((s) => [s.uid, s.wager])).toEqual(
      players
        .sort((a, b) => b.this_month - a.this_month)
        .map((p) => [p.uid, expect.closeTo(p.this_month, 6)]),
    );
  });

  it("count only the wager inside a custom window and at least its minimum wager", async () => {
    await seedPlayer("u1", "Alpha", [
      ["2026-11-01T00:00:00.000Z", 100],
      ["2026-11-08T12:00:00.000Z", 400],
      ["2026-11-16T00:00:00.000Z", 1000],
    ]);
    await seedPlayer("u2", "Bravo", [
      ["2026-11-02T00:00:00.000Z", 50],
      ["2026-11-09T00:00:00.000Z", 200],
    ]);
    await seedPlayer("u3", "Charlie", [["2026-11-09T00:00:00.000Z", 20]]);
    const window = { startDate: "2026-11-08T00:00:00.000Z", endDate: "2026-11-15T00:00:00.000Z" };

    const all = await computeStandings({ ...window, minWager: 0 }, now);
    expect(all.map((s) => [s.position, s.name, s.wager])).toEqual([
      [1, "Alpha", 300],
      [2, "Bravo", 150],
      [3, "Charlie", 20],
    ]);
    // As of a moment inside the window, only what was wagered by then.
    const early = await computeStandings(
      { ...window, minWager: 0 },
      new Date("2026-11-08T18:00:00.000Z"),
    );
    expect(early.map((s) => [s.name, s.wager])).toEqual([["Alpha", 300]]);
    const withMinimum = await computeStandings({ ...window, minWager: 100 }, now);
    expect(withMinimum.map((s) => s.name)).toEqual(["Alpha", "Bravo"]);
  });
});

describe("the monthly race", () => {
  it("is created once per UTC month, at the boundary, with $500 and the spec's shares", async () => {
    const first = await ensureMonthlyRace(new Date("2026-11-30T23:59:59.999Z"));
    expect(first).toMatchObject({ startDate: NOV, prizePoolCents: 50_000, isAutomatic: true });
    expect(first?.distribution[1]).toBe(42.5);
    expect(await ensureMonthlyRace(new Date("2026-11-15T00:00:00.000Z"))).toBeNull();
    const next = await ensureMonthlyRace(new Date(DEC));
    expect(next).toMatchObject({ startDate: DEC, endDate: "2027-01-01T00:00:00.000Z" });
    expect(next?.title).toBe("December 2026 Monthly Wager Race");
  });

  it("can be saved by an admin from the edit form as it is shown", async () => {
    const race = (await ensureMonthlyRace(now))!;
    const admin = { id: await insertUser(db, { username: "admin", created_at: NOV, is_admin: 1 }) };
    // What /admin/wager-races?edit= renders, submitted unchanged apart from the title.
    const formData = new FormData();
    for (const [key, value] of Object.entries(raceFormDefaults(race, "2026-11-21"))) {
      formData.set(key, value);
    }
    formData.set("title", "November Monthly Race");
    const submission = parseWithZod(formData, { schema: raceFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;

    const saved = await updateRace(
      race.id,
      raceInputFromForm(submission.value, race),
      { userId: admin.id, username: "admin" },
      now,
    );
    expect(saved).toMatchObject({
      race: {
        title: "November Monthly Race",
        minWager: race.minWager,
        prizePoolCents: 50_000,
        startDate: NOV,
        endDate: DEC,
        distribution: MONTHLY_RACE_SHARES,
        status: "live",
      },
    });
  });

  it("is not created when an admin has configured a monthly race for the month", async () => {
    await seedRace({
      start: "2026-11-03T00:00:00.000Z",
      end: DEC,
      type: "monthly",
      status: "upcoming",
    });
    expect(await ensureMonthlyRace(now)).toBeNull();
    expect(await db.selectFrom("races").select("id").execute()).toHaveLength(1);
  });
});

describe("completion", () => {
  it("freezes results, notifies linked winners and announces once, however often it runs", async () => {
    await seedPlayer("u1", "Alpha", [
      [NOV, 0],
      ["2026-11-20T00:00:00.000Z", 1000],
      // After the end: not part of the race.
      ["2026-12-01T00:00:30.000Z", 9000],
    ]);
    await seedPlayer("u2", "Bravo", [["2026-11-10T00:00:00.000Z", 400]]);
    await insertUser(db, {
      username: "alpha_fan",
      created_at: NOV,
      goated_id: "u1",
      goated_username: "Alpha",
    });
    // Same name as winner #2 but not linked to that player: not told.
    await insertUser(db, { username: "bravo_namesake", created_at: NOV, goated_username: "Bravo" });
    const raceId = await seedRace({ start: NOV, end: DEC, type: "monthly" });

    const messages: ServerMessage[] = [];
    const announced: NotificationView[][] = [];
    const unsubscribe = [
      eventBus.subscribe("race.completed", (event) => messages.push(raceCompletedMessage(event))),
      // The winners' open pages are told too, once the completion has committed.
      eventBus.subscribe("notifications.created", (event) => announced.push(event.notifications)),
    ];
    const afterEnd = new Date("2026-12-01T00:01:00.000Z");
    await recordGoodSync("2026-12-01T00:00:30.000Z");
    try {
      // Two passes at once (two processes), then again after a "restart".
      const [first, second] = await Promise.all([runRaceJobs(afterEnd), runRaceJobs(afterEnd)]);
      const again = await runRaceJobs(new Date("2026-12-01T00:02:00.000Z"));
      expect(first.length + second.length).toBe(1);
      expect(again).toEqual([]);
    } finally {
      for (const stop of unsubscribe) stop();
    }

    const results = await db.selectFrom("race_results").selectAll().orderBy("position").execute();
    expect(results.map((r) => [r.position, r.uid, r.wager, r.prize_cents])).toEqual([
      [1, "u1", 1000, 10_000],
      [2, "u2", 400, 6_000],
    ]);
    const notifications = await db.selectFrom("notifications").selectAll().execute();
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.title).toBe("You placed #1 in Test race");
    expect(announced).toEqual([
      [expect.objectContaining({ id: notifications[0]?.id, kind: "race_prize", readAt: null })],
    ]);

    const completed = messages.filter((m) => m.type === "RACE_COMPLETED");
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      data: {
        raceId,
        previousRaceEnd: DEC,
        // The December race the same pass created.
        nextRaceStart: "2027-01-01T00:00:00.000Z",
        winners: [
          { position: 1, uid: "u1", name: "Alpha", wager: 1000, prize: 100 },
          { position: 2, uid: "u2", name: "Bravo", wager: 400, prize: 60 },
        ],
      },
    });
    expect((await findCurrentRace(afterEnd))?.startDate).toBe(DEC);
  });

  it("waits for a good sync after the end, or 30 minutes without one", async () => {
    await seedPlayer("u1", "Alpha", [["2026-11-10T00:00:00.000Z", 400]]);
    const raceId = await seedRace({ start: NOV, end: DEC });
    const status = async () =>
      (await db.selectFrom("races").select("status").where("id", "=", raceId).executeTakeFirst())
        ?.status;

    await recordGoodSync("2026-11-30T23:58:00.000Z"); // before the end: not enough
    expect(await runRaceJobs(new Date("2026-12-01T00:01:00.000Z"))).toEqual([]);
    expect(await status()).toBe("live");
    await recordGoodSync("2026-12-01T00:02:00.000Z");
    expect(await runRaceJobs(new Date("2026-12-01T00:03:00.000Z"))).toHaveLength(1);
    expect(await status()).toBe("completed");

    // A provider that keeps failing holds a race for 30 minutes at most.
    const other = await seedRace({ start: NOV, end: "2026-12-01T00:05:00.000Z" });
    expect(await runRaceJobs(new Date("2026-12-01T00:34:59.000Z"))).toEqual([]);
    const late = await runRaceJobs(new Date("2026-12-01T00:35:00.000Z"));
    expect(late.map((c) => c.race.id)).toEqual([other]);

    // A server that was down over a race's end gives its own syncs 30 minutes first.
    const missed = await seedRace({ start: NOV, end: "2026-12-01T00:10:00.000Z" });
    const watchingSince = new Date("2026-12-01T01:00:00.000Z");
    expect(await runRaceJobs(watchingSince, { watchingSince })).toEqual([]);
    expect(await runRaceJobs(new Date("2026-12-01T01:29:59.000Z"), { watchingSince })).toEqual([]);
    const afterWatching = await runRaceJobs(new Date("2026-12-01T01:30:00.000Z"), {
      watchingSince,
    });
    expect(afterWatching.map((c) => c.race.id)).toEqual([missed]);
  });

  it("by hand freezes the standings as of that moment, and never twice", async () => {
    await seedPlayer("u1", "Alpha", [
      [NOV, 0],
      ["2026-11-10T00:00:00.000Z", 700],
      ["2026-11-25T00:00:00.000Z", 900],
    ]);
    const raceId = await seedRace({ start: NOV, end: DEC });
    const completion = await completeRace(raceId, now);
    expect(completion?.winners.map((w) => w.wager)).toEqual([700]);
    expect(await completeRace(raceId, now)).toBeNull();
    const race = (await db
      .selectFrom("races")
      .selectAll()
      .where("id", "=", raceId)
      .executeTakeFirst())!;
    expect(race.status).toBe("completed");
    const participants = await raceParticipants(
      toRaceView(race),
      new Date("2026-11-30T00:00:00.000Z"),
    );
    expect(participants.map((p) => [p.name, p.wager, p.prizeCents])).toEqual([
      ["Alpha", 700, 10_000],
    ]);
  });
});

describe("an admin completing a race", () => {
  it("announces the winners' notifications once the save has committed", async () => {
    await seedPlayer("u1", "Alpha", [["2026-11-10T00:00:00.000Z", 700]]);
    const fan = await insertUser(db, { username: "alpha_fan", created_at: NOV, goated_id: "u1" });
    const admin = await insertUser(db, { username: "race_admin", created_at: NOV, is_admin: 1 });
    const raceId = await seedRace({ start: NOV, end: DEC });
    const announced: NotificationView[][] = [];
    const stop = eventBus.subscribe("notifications.created", (event) =>
      announced.push(event.notifications),
    );
    try {
      await setRaceStatus(raceId, "completed", { userId: admin, username: "race_admin" }, now);
    } finally {
      stop();
    }
    expect(announced).toEqual([
      [expect.objectContaining({ userId: fan, kind: "race_prize", raceId })],
    ]);
  });
});

describe("race history", () => {
  it("lists every paid position of each completed race", async () => {
    for (let n = 1; n <= 12; n += 1) {
      await seedPlayer(`u${n}`, `Player ${n}`, [["2026-11-10T00:00:00.000Z", n * 100]]);
    }
    const raceId = await seedRace({ start: NOV, end: DEC });
    await completeRace(raceId, now);
    const [entry] = await listCompletedRaces();
    expect(entry?.race.id).toBe(raceId);
    expect(entry?.results.map((r) => [r.position, r.name])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i + 1, `Player ${12 - i}`]),
    );
  });
});

describe("race position", () => {
  it("gives the position now and at the previous sync", async () => {
    // Sync at 11-10: Alpha leads; sync at 11-20: Bravo overtakes Alpha.
    await seedPlayer("u1", "Alpha", [
      [NOV, 0],
      ["2026-11-10T00:00:00.000Z", 500],
    ]);
    await seedPlayer("u2", "Bravo", [
      ["2026-11-10T00:00:00.000Z", 100],
      ["2026-11-20T00:00:00.000Z", 800],
    ]);
    await seedPlayer("u3", "Charlie", [["2026-11-20T00:00:00.000Z", 50]]);
    await ensureMonthlyRace(now);
    const user = {
      id: await insertUser(db, { username: "fan", created_at: NOV, goated_id: "u1" }),
    };

    expect(await findRacePosition({ userId: user.id }, now)).toEqual({
      position: 2,
      totalParticipants: 3,
      wagerAmount: 500,
      previousPosition: 1,
      raceType: "monthly",
      raceTitle: "November 2026 Monthly Wager Race",
      endDate: DEC,
      // 800 - 500 + 1 cent past Bravo; the monthly race pays 10 places.
      gapToNextCents: 30_001,
      gapToPaidCents: 0,
    });
    expect(await findRacePosition({ username: "bravo" }, now)).toMatchObject({
      position: 1,
      previousPosition: 2,
    });
    // Charlie was not in the race at the previous sync.
    expect(await findRacePosition({ username: "Charlie" }, now)).toMatchObject({
      position: 3,
      previousPosition: null,
    });
    expect(await findRacePosition({ username: "Nobody" }, now)).toBeNull();
  });

  it("feeds the profile card: a prompt without a linked account, the position with one", async () => {
    await seedPlayer("u1", "Alpha", [
      [NOV, 0],
      ["2026-11-10T00:00:00.000Z", 500],
    ]);
    await ensureMonthlyRace(now);
    const unlinked = { id: await insertUser(db, { username: "plain", created_at: NOV }) };
    const linked = {
      id: await insertUser(db, { username: "fan", created_at: NOV, goated_id: "u1" }),
    };
    expect(await loadRacePositionCard(unlinked.id, now)).toEqual({ kind: "unlinked" });
    expect(await loadRacePositionCard(linked.id, now)).toMatchObject({
      kind: "loaded",
      position: { position: 1, totalParticipants: 1, wagerAmount: 500 },
    });
  });
});

describe("where the signed-in player stands", () => {
  /** A request to /wager-races with the session cookie of a new user with `fields`. */
  async function requestOf(fields: Parameters<typeof insertUser>[1]) {
    const { token } = await insertSession(db, await insertUser(db, fields));
    const cookie = await signedInCookie(token);
    return new Request("http://localhost/wager-races", { headers: { cookie } });
  }

  it("pins a linked player outside the top 10 with their gaps, and nobody else", async () => {
    // Twelve players 100 apart: P01 wagered 1,200 ... P12 100.
    for (let i = 1; i <= 12; i += 1) {
      await seedPlayer(`u${i}`, `P${String(i).padStart(2, "0")}`, [
        [NOV, 0],
        ["2026-11-10T00:00:00.000Z", (13 - i) * 100],
      ]);
    }
    await seedPlayer("idle", "Idle", [[NOV, 50]]);
    const race = (await ensureMonthlyRace(now))!;

    expect(await loadRaceStanding(await requestOf({ goated_id: "u12" }), race, now)).toEqual({
      raceId: race.id,
      standing: { position: 12, uid: "u12", name: "P12", wager: 100 },
      gapToNextCents: 10_001,
      gapToPaidCents: 20_001,
    });
    // Linked but no wager in the race yet: their place, without a row or gaps.
    expect(await loadRaceStanding(await requestOf({ goated_id: "idle" }), race, now)).toEqual({
      raceId: race.id,
      standing: null,
      gapToNextCents: null,
      gapToPaidCents: null,
    });
    // Not linked, or not signed in: nothing.
    expect(await loadRaceStanding(await requestOf({}), race, now)).toBeNull();
    expect(await loadRaceStanding(new Request("http://localhost/"), race, now)).toBeNull();
    // The race not running: before its start, after its end, or completed.
    const linked = await requestOf({ goated_id: "u11" });
    expect(await loadRaceStanding(linked, race, new Date(DEC))).toBeNull();
    expect(await loadRaceStanding(linked, race, new Date("2026-10-31T00:00:00.000Z"))).toBeNull();
    expect(await loadRaceStanding(linked, { ...race, status: "completed" }, now)).toBeNull();
    expect(await loadRaceStanding(linked, race, now)).toMatchObject({
      standing: { position: 11 },
    });
    // The widget's: the current race, for a linked player only.
    const linkedMember = await requestMember(linked);
    expect(linkedMember).toEqual({ goatedId: "u11" });
    expect(await loadCurrentRaceStanding(linkedMember, now)).toEqual(
      await loadRaceStanding(linked, race, now),
    );
    expect(await loadCurrentRaceStanding(linkedMember, new Date(DEC))).toBeNull();
    expect(await requestMember(await requestOf({}))).toEqual({ goatedId: null });
    expect(await loadCurrentRaceStanding({ goatedId: null }, now)).toBeNull();
    expect(await requestMember(new Request("http://localhost/"))).toBeNull();
    expect(await loadCurrentRaceStanding(null, now)).toBeNull();
  });
});

describe("admin status changes", () => {
  it("freeze results on completion, record who completed it, and drop them on reopening", async () => {
    await seedPlayer("u1", "Alpha", [
      [NOV, 0],
      ["2026-11-10T00:00:00.000Z", 700],
    ]);
    const raceId = await seedRace({ start: NOV, end: DEC });
    const admin = { id: await insertUser(db, { username: "boss", created_at: NOV, is_admin: 1 }) };
    const boss = { userId: admin.id, username: "boss" };
    expect(await setRaceStatus(raceId, "completed", boss, now)).toMatchObject({
      race: { status: "completed", completedAt: now.toISOString() },
    });
    // Who completed it, as for any other admin change.
    const completed = await db
      .selectFrom("races")
      .select(["updated_by", "updated_at"])
      .where("id", "=", raceId)
      .executeTakeFirstOrThrow();
    expect(completed).toEqual({ updated_by: admin.id, updated_at: now.toISOString() });
    expect(await db.selectFrom("race_results").selectAll().execute()).toHaveLength(1);
    expect(await setRaceStatus(raceId, "live", boss, now)).toMatchObject({
      race: { status: "live", completedAt: null },
    });
    expect(await db.selectFrom("race_results").selectAll().execute()).toHaveLength(0);
    expect(await setRaceStatus(9999, "live", boss, now)).toBeNull();
  });
});
