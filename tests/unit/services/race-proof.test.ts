import { createHash } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertPlayer, insertRace, insertUser, uniqueName } from "../../factories";
import { eventBus } from "~/server/domain-event-bus.server";
import { raceCompletedMessage } from "~/realtime/messages";
import type { ServerMessage } from "~/realtime/messages";
import { db } from "~/services/db.server";
import { setRaceStatus, updateRace } from "~/services/races/race-admin.server";
import { findRace } from "~/services/races/race-store.server";
import { announceCompletion } from "~/services/races/race-announcement.server";
import { updateSiteSettings } from "~/services/players/player-names.server";
import { findResultProof, storedResultHash } from "~/services/races/race-proof.server";
import { completeRace } from "~/services/races/race-results.server";

// Results anyone can verify (issue 32, docs/decisions/0063): the result's hash is computed once,
// when the race completes, and stored; recomputing it from the stored rows later tells whether
// they changed since.

const NOV = "2026-11-01T00:00:00.000Z";
const DEC = "2026-12-01T00:00:00.000Z";
const now = new Date("2026-11-21T12:00:00.000Z");
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

let admin = { userId: 0, username: "" };

beforeAll(async () => {
  await migrateToLatest(db);
  const username = uniqueName("sealer");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
});

beforeEach(async () => {
  for (const table of ["notifications", "email_outbox", "race_results", "races"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("wager_snapshots").execute();
  await db.deleteFrom("players").execute();
});

/** A live November race with two players who wagered in it (one with a provider float's noise). */
async function liveRaceWithPlayers() {
  for (const [uid, name, wagered] of [
    ["seal-u1", "Alpha", 45_000.12],
    ["seal-u2", "Bravo", 1_234.5],
  ] as const) {
    await insertPlayer(db, {
      uid,
      name,
      snapshots: [
        [NOV, 10.3],
        ["2026-11-10T00:00:00.000Z", 10.3 + wagered],
      ],
    });
  }
  return insertRace(db, {
    title: "Sealed Race",
    status: "live",
    prize_pool_cents: 20_000,
    min_wager: 0,
    start_date: NOV,
    end_date: DEC,
    prize_distribution: JSON.stringify({ 1: 60, 2: 40 }),
  });
}

describe("sealing a race's result at completion", () => {
  it("stores the hash of the canonical result, publishes it in RACE_COMPLETED, and the proof matches", async () => {
    const raceId = await liveRaceWithPlayers();
    const messages: ServerMessage[] = [];
    const unsubscribe = eventBus.subscribe("race.completed", (event) => {
      messages.push(raceCompletedMessage(event));
    });
    try {
      const completion = await completeRace(raceId, now);
      expect(completion?.resultHash).toMatch(/^[0-9a-f]{64}$/);
      if (completion) await announceCompletion(completion, now);
    } finally {
      unsubscribe();
    }
    const stored = await storedResultHash(raceId);
    const message = messages.find((m) => m.type === "RACE_COMPLETED");
    expect(message?.type === "RACE_COMPLETED" && message.data.resultHash).toBe(stored);

    const proof = await findResultProof(raceId);
    expect(proof).toMatchObject({ resultHash: stored, recomputedHash: stored, verdict: "matches" });
    expect(sha256(proof?.canonical ?? "")).toBe(stored);
    expect(JSON.parse(proof?.canonical ?? "null")).toEqual({
      version: 1,
      raceId,
      window: { start: NOV, end: DEC },
      poolCents: 20_000,
      places: [
        { place: 1, uid: "seal-u1", name: "Alpha", wagerCents: 4_500_012, prizeCents: 12_000 },
        { place: 2, uid: "seal-u2", name: "Bravo", wagerCents: 123_450, prizeCents: 8_000 },
      ],
    });
  });

  it("with names masked, seals and checks the real names but shows and announces the masks", async () => {
    const raceId = await liveRaceWithPlayers();
    await updateSiteSettings(admin, { maskPlayerNames: true }, now);
    const messages: ServerMessage[] = [];
    const unsubscribe = eventBus.subscribe("race.completed", (event) => {
      messages.push(raceCompletedMessage(event));
    });
    try {
      const completion = await completeRace(raceId, now);
      if (completion) await announceCompletion(completion, now);
      const proof = await findResultProof(raceId);
      expect(proof).toMatchObject({ verdict: "matches", namesMasked: true });
      expect(proof?.recomputedHash).toBe(completion?.resultHash);
      expect(proof?.canonical).toContain('"name":"A****a"');
      expect(proof?.canonical).not.toContain("Alpha");
      expect(JSON.stringify(messages)).not.toContain("Alpha");
      expect(JSON.stringify(messages)).toContain("A****a");
    } finally {
      unsubscribe();
      await updateSiteSettings(admin, { maskPlayerNames: false }, now);
    }
    expect((await findResultProof(raceId))?.namesMasked).toBe(false);
  });

  it("tells a result changed by one cent after it was sealed: the stored hash no longer matches", async () => {
    const raceId = await liveRaceWithPlayers();
    const completion = await completeRace(raceId, now);
    await db
      .updateTable("race_results")
      .set((eb) => ({ prize_cents: eb("prize_cents", "+", 1) }))
      .where("race_id", "=", raceId)
      .where("position", "=", 2)
      .execute();
    const proof = await findResultProof(raceId);
    expect(proof?.resultHash).toBe(completion?.resultHash);
    expect(proof?.verdict).toBe("differs");
    expect(proof?.recomputedHash).not.toBe(completion?.resultHash);
    expect(proof?.canonical).toContain('"prizeCents":8001');
  });

  it("drops the hash with the results when a race is reopened, and seals it again on completion", async () => {
    const raceId = await liveRaceWithPlayers();
    await completeRace(raceId, now);
    await setRaceStatus(raceId, "live", admin, now);
    const reopened = await db
      .selectFrom("races")
      .select("result_hash")
      .where("id", "=", raceId)
      .executeTakeFirstOrThrow();
    expect(reopened.result_hash).toBeNull();
    const again = await setRaceStatus(raceId, "completed", admin, now);
    expect(again && "race" in again).toBe(true);
    const proof = await findResultProof(raceId);
    expect(proof?.verdict).toBe("matches");
  });

  it("keeps the seal through an edit of a completed race's title; refuses one of its pool", async () => {
    const raceId = await liveRaceWithPlayers();
    await completeRace(raceId, now);
    const race = await findRace(raceId);
    if (!race) throw new Error("no race");
    const renamed = await updateRace(
      raceId,
      { ...race, title: "Sealed Race, renamed" },
      admin,
      now,
    );
    expect(renamed && "race" in renamed && renamed.race.title).toBe("Sealed Race, renamed");
    expect((await findResultProof(raceId))?.verdict).toBe("matches");
    const richer = await updateRace(raceId, { ...race, prizePoolCents: 30_000 }, admin, now);
    expect(richer).toEqual({ resultSealed: true });
    expect((await findRace(raceId))?.prizePoolCents).toBe(20_000);
    expect((await findResultProof(raceId))?.verdict).toBe("matches");
  });

  it("says a race completed before sealing has no hash, and has no proof before it completes", async () => {
    const legacy = await insertRace(db, {
      status: "completed",
      start_date: NOV,
      end_date: DEC,
      completed_at: DEC,
      results: [{ uid: "old-u1", name: "Old", wager: 500, prizeCents: 10_000 }],
    });
    const proof = await findResultProof(legacy);
    expect(proof).toMatchObject({ resultHash: null, verdict: "unsealed" });
    expect(proof?.canonical).toContain('"uid":"old-u1"');

    const live = await insertRace(db, { status: "live", start_date: NOV, end_date: DEC });
    expect(await findResultProof(live)).toBeNull();
    expect(await findResultProof(999_999)).toBeNull();
  });
});
