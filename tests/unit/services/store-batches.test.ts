import { beforeAll, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import type { Referral } from "~/domain/referral";
import { db } from "~/services/db.server";
import { STORE_BATCH, storeReferrals } from "~/services/players/player-store.server";

// Names that a text format must escape (JSON, arrays, COPY's text rows; PostgreSQL's store sends
// COPY's binary rows, docs/decisions/0107), and totals whose shortest decimal form must come back
// as the same double.
const AWKWARD_NAMES = [
  'a "quoted" name',
  "back\\slash",
  "{braces}, commas",
  "NULL",
  "\\N",
  " padded ",
  "tab\tand\nnewline\r",
  "Ωmega 🐐",
];
const AWKWARD_TOTALS = [0.1 + 0.2, 1e-7, 123_456_789.123, 5e21];

// Four batches, one transaction each (sliceMs 0): on PostgreSQL the last three two at a time.
const PLAYERS = STORE_BATCH * 3 + STORE_BATCH / 2;
const first = new Date("2026-05-04T10:00:00.000Z");
const second = new Date("2026-05-04T10:05:00.000Z");

const referral = (i: number): Referral => ({
  uid: `b${String(i).padStart(5, "0")}`,
  name: AWKWARD_NAMES[i % AWKWARD_NAMES.length]!,
  wagered: {
    today: i % 3,
    this_week: AWKWARD_TOTALS[i % AWKWARD_TOTALS.length]!,
    this_month: i % 5,
    all_time: 1000 + i + 0.1 * (i % 3),
  },
});

const stored = () =>
  db
    .selectFrom("players")
    .select(["uid", "name", "today", "this_week", "this_month", "all_time", "wager_changed_at"])
    .orderBy("uid")
    .execute();
const snapshots = () =>
  db
    .selectFrom("wager_snapshots")
    .select(["uid", "taken_at", "all_time"])
    .orderBy("uid")
    .orderBy("taken_at")
    .execute();

beforeAll(() => migrateToLatest(db));

it("stores batches of new and changed players exactly: names, totals, snapshots; absent players stay", async () => {
  const payload = Array.from({ length: PLAYERS }, (_, i) => referral(i));
  expect(await storeReferrals(payload, { now: first, isDemo: false, sliceMs: 0 })).toEqual({
    changed: PLAYERS,
    // The month-start baseline of each (all wagered before May), and the first sighting of those
    // who wagered in May (this_month i % 5).
    snapshots: PLAYERS * 2 - PLAYERS / 5,
  });
  expect(await stored()).toEqual(
    payload.map(({ uid, name, wagered }) => ({
      uid,
      name,
      ...wagered,
      wager_changed_at: first.toISOString(),
    })),
  );

  // Every seventh renamed (totals kept), every eleventh wagered more, the last ten missing.
  const changedPayload = payload.slice(0, PLAYERS - 10).map((r, i) => ({
    uid: r.uid,
    name: i % 7 === 0 ? `${r.name} renamed` : r.name,
    wagered:
      i % 11 === 0
        ? { ...r.wagered, today: r.wagered.today + 2.5, all_time: r.wagered.all_time + 2.5 }
        : r.wagered,
  }));
  const renamed = changedPayload.filter((_, i) => i % 7 === 0 || i % 11 === 0).length;
  const wagered = changedPayload.filter((_, i) => i % 11 === 0).length;
  expect(await storeReferrals(changedPayload, { now: second, isDemo: false, sliceMs: 0 })).toEqual({
    changed: renamed,
    snapshots: wagered,
  });

  const expected = payload.map((r, i) => {
    const now = changedPayload[i];
    const moved = now !== undefined && i % 11 === 0;
    return {
      uid: r.uid,
      name: now?.name ?? r.name,
      ...(now?.wagered ?? r.wagered),
      wager_changed_at: (moved ? second : first).toISOString(),
    };
  });
  expect(await stored()).toEqual(expected);
  expect(await snapshots()).toEqual(
    payload.flatMap((r, i) => [
      {
        uid: r.uid,
        taken_at: "2026-05-01T00:00:00.000Z",
        all_time: r.wagered.all_time - r.wagered.this_month,
      },
      ...(r.wagered.this_month > 0
        ? [{ uid: r.uid, taken_at: first.toISOString(), all_time: r.wagered.all_time }]
        : []),
      ...(i % 11 === 0 && i < PLAYERS - 10
        ? [{ uid: r.uid, taken_at: second.toISOString(), all_time: r.wagered.all_time + 2.5 }]
        : []),
    ]),
  );
});
