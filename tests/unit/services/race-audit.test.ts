// The race admin's changes are audited (issue 15): created, updated, status changed and deleted,
// each with who, before and after, written in the same transaction as the change.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser } from "../../factories";
import type { RaceInput } from "~/domain/race";
import type { AuditActor } from "~/services/admin/audit.server";
import { db } from "~/services/db.server";
import { createTestTrigger, dropTestTrigger } from "../test-triggers";
import {
  createRace,
  deleteRace,
  setRaceStatus,
  updateRace,
} from "~/services/races/race-admin.server";

const now = new Date("2026-11-21T12:00:00.000Z");
let admin: AuditActor;
/** An admin whose account does not exist: recording its change fails (the actor's foreign key). */
const ghost: AuditActor = { userId: 999_999, username: "ghost" };

const input: RaceInput = {
  title: "Audited Race",
  type: "weekly",
  status: "upcoming",
  prizePoolCents: 20_000,
  minWager: 100,
  startDate: "2026-12-01T00:00:00.000Z",
  endDate: "2026-12-08T00:00:00.000Z",
  distribution: { 1: 50, 2: 30, 3: 20 },
  rules: null,
  description: null,
};

const auditRows = () =>
  db.selectFrom("audit_log").selectAll().where("subject", "like", "race:%").orderBy("id").execute();
const raceRow = (id: number) =>
  db.selectFrom("races").selectAll().where("id", "=", id).executeTakeFirst();

async function created(): Promise<number> {
  const saved = await createRace(input, admin, now);
  if (!("race" in saved)) throw new Error("no race");
  return saved.race.id;
}

beforeAll(async () => {
  await migrateToLatest(db);
  admin = {
    userId: await insertUser(db, { username: "raceBoss", is_admin: 1 }),
    username: "raceBoss",
  };
});

beforeEach(async () => {
  await db.deleteFrom("audit_log").execute();
  await db.deleteFrom("race_results").execute();
  await db.deleteFrom("races").execute();
});

describe("race admin audit rows", () => {
  it("records a created race with who and the race after", async () => {
    const id = await created();
    const [row, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      kind: "race.created",
      subject: `race:${id}`,
      actor_id: admin.userId,
      actor_username: "raceBoss",
      created_at: now.toISOString(),
      before_json: null,
    });
    expect(JSON.parse(row?.after_json ?? "null")).toMatchObject({
      id,
      title: "Audited Race",
      status: "upcoming",
    });
  });

  it("records an edit with the race before and after", async () => {
    const id = await created();
    await updateRace(id, { ...input, title: "Renamed Race" }, admin, now);
    const row = (await auditRows()).at(-1);
    expect(row?.kind).toBe("race.updated");
    expect(JSON.parse(row?.before_json ?? "null")).toMatchObject({ title: "Audited Race" });
    expect(JSON.parse(row?.after_json ?? "null")).toMatchObject({ title: "Renamed Race" });
  });

  it("records a status change with the status before and after", async () => {
    const id = await created();
    await setRaceStatus(id, "live", admin, now);
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({ kind: "race.status_changed", subject: `race:${id}` });
    expect(JSON.parse(row?.before_json ?? "null")).toEqual({ status: "upcoming" });
    expect(JSON.parse(row?.after_json ?? "null")).toEqual({ status: "live" });
  });

  it("records a deletion with the race before and nothing after", async () => {
    const id = await created();
    expect(await deleteRace(id, admin, now)).toBe(true);
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({ kind: "race.deleted", subject: `race:${id}`, after_json: null });
    expect(JSON.parse(row?.before_json ?? "null")).toMatchObject({ id, title: "Audited Race" });
  });

  it("records nothing for a race that does not exist, or a status it already has", async () => {
    expect(await updateRace(9999, input, admin, now)).toBeNull();
    expect(await setRaceStatus(9999, "live", admin, now)).toBeNull();
    expect(await deleteRace(9999, admin, now)).toBe(false);
    const id = await created();
    await setRaceStatus(id, "upcoming", admin, now);
    expect((await auditRows()).map((row) => row.kind)).toEqual(["race.created"]);
  });

  it("a record that cannot be written undoes every change (one transaction)", async () => {
    await expect(createRace(input, ghost, now)).rejects.toThrow();
    expect(await db.selectFrom("races").selectAll().execute()).toEqual([]);

    const id = await created();
    await expect(updateRace(id, { ...input, title: "Never" }, ghost, now)).rejects.toThrow();
    await expect(setRaceStatus(id, "live", ghost, now)).rejects.toThrow();
    await expect(deleteRace(id, ghost, now)).rejects.toThrow();
    expect(await raceRow(id)).toMatchObject({ title: "Audited Race", status: "upcoming" });
    expect((await auditRows()).map((row) => row.kind)).toEqual(["race.created"]);
  });

  it("a failing change leaves no row", async () => {
    const id = await created();
    // The edit fails in the database after it was checked: no race change, no audit row.
    await createTestTrigger(db, {
      name: "refuse_race_edit",
      table: "races",
      when: "NEW.title = 'Boom'",
      action: { refuse: "refused" },
    });
    try {
      await expect(updateRace(id, { ...input, title: "Boom" }, admin, now)).rejects.toThrow(
        "refused",
      );
    } finally {
      await dropTestTrigger(db, "refuse_race_edit", "races");
    }
    expect((await auditRows()).map((row) => row.kind)).toEqual(["race.created"]);
  });
});
