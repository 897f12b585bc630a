// Bonus codes as the admin manages them (issue 16): the listing order, create/update/delete with
// their audit rows in the same transaction, every user told of a new code, duplicates refused, and
// the mobile bell's dot.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import { bonusCodeSchema } from "~/domain/bonus-code-form";
import type { BonusCodeInput } from "~/domain/bonus-code-form";
import { eventBus } from "~/server/domain-event-bus.server";
import { db } from "~/services/db.server";
import {
  createBonusCode,
  deleteBonusCode,
  hasUnseenBonusCode,
  listBonusCodes,
  markBonusCodesSeen,
  updateBonusCode,
} from "~/services/promotions/bonus-codes.server";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

let admin = { userId: 0, username: "" };

beforeAll(async () => {
  await migrateToLatest(db);
  const username = uniqueName("codeBoss");
  admin = { userId: await insertUser(db, { username, is_admin: 1 }), username };
});

/** A code's fields as the page and the API hand them over: through the shared schema. */
const input = (code: string, overrides: Partial<BonusCodeInput> = {}): BonusCodeInput =>
  bonusCodeSchema.parse({
    code,
    description: "A code for the goats",
    value: "$25 Bonus",
    expiresAt: "2027-01-31T23:59:00.000Z",
    ...overrides,
  });

const auditRows = (subject: string) =>
  db
    .selectFrom("audit_log")
    .select(["kind", "actor_id", "before_json", "after_json", "created_at"])
    .where("subject", "=", subject)
    .orderBy("id")
    .execute();

const codeRow = (code: string) =>
  db.selectFrom("bonus_codes").selectAll().where("code", "=", code).executeTakeFirst();

async function created(code: string, overrides: Partial<BonusCodeInput> = {}, now = NOW) {
  const change = await createBonusCode(admin, input(code, overrides), now);
  if (!change.ok) throw new Error(change.message);
  return change.code;
}

describe("listBonusCodes", () => {
  it("starts with the two seeded codes, both expired, the most recently expired first", async () => {
    const codes = await listBonusCodes(NOW);
    expect(codes.map((code) => [code.code, code.expired])).toEqual([
      ["NEWYEARGOAT", true],
      ["GOATEDVIPS25", true],
    ]);
    expect(codes[1]).toMatchObject({ value: "$25 Bonus", expiresAt: "2024-12-31T23:59:59.000Z" });
  });

  it("lists usable codes first, the soonest to expire at the top", async () => {
    await created("LISTLATE", { expiresAt: later(30).toISOString() });
    await created("LISTSOON", { expiresAt: later(2).toISOString() });
    const codes = (await listBonusCodes(NOW)).map((code) => code.code);
    expect(codes.indexOf("LISTSOON")).toBe(0);
    expect(codes.indexOf("LISTLATE")).toBeLessThan(codes.indexOf("NEWYEARGOAT"));
  });
});

describe("createBonusCode", () => {
  it("writes the code and its audit row, and tells every user who may sign in", async () => {
    const member = await insertUser(db);
    const disabled = await insertUser(db, { disabled_at: NOW.toISOString() });
    const announced: unknown[] = [];
    const stop = eventBus.subscribe("notifications.created", (event) => announced.push(event));
    const code = await created("NEWGOAT-1", {}, NOW);
    stop();
    expect(code).toMatchObject({ code: "NEWGOAT-1", expired: false, createdAt: NOW.toISOString() });
    expect(await auditRows(`bonus_code:${code.id}`)).toEqual([
      {
        kind: "bonus_code.created",
        actor_id: admin.userId,
        before_json: null,
        after_json: JSON.stringify({
          code: "NEWGOAT-1",
          description: "A code for the goats",
          value: "$25 Bonus",
          expiresAt: "2027-01-31T23:59:00.000Z",
        }),
        created_at: NOW.toISOString(),
      },
    ]);
    const told = await db
      .selectFrom("notifications")
      .select(["user_id", "kind", "title"])
      .where("title", "=", "New bonus code: NEWGOAT-1")
      .execute();
    const everyone = await db
      .selectFrom("users")
      .select("id")
      .where("disabled_at", "is", null)
      .execute();
    expect(told.map((n) => n.user_id).sort((a, b) => a - b)).toEqual(
      everyone.map((u) => u.id).sort((a, b) => a - b),
    );
    expect(told.map((n) => n.user_id)).toContain(member);
    expect(told.map((n) => n.user_id)).not.toContain(disabled);
    expect(new Set(told.map((n) => n.kind))).toEqual(new Set(["bonus_code"]));
    // Announced once, after the commit, with every row.
    expect(announced).toHaveLength(1);
    expect((announced[0] as { notifications: unknown[] }).notifications).toHaveLength(told.length);
  });

  it("tells nobody of a code that has already expired", async () => {
    await created("OLDGOAT", { expiresAt: "2025-01-01T00:00:00.000Z" });
    const told = await db
      .selectFrom("notifications")
      .select("id")
      .where("title", "=", "New bonus code: OLDGOAT")
      .execute();
    expect(told).toEqual([]);
  });

  it("refuses a code that exists (case does not matter: codes are upper-cased) with 409", async () => {
    await created("TWICE");
    const again = await createBonusCode(admin, input("twice", { value: "$99" }), NOW);
    expect(again).toEqual({
      ok: false,
      status: 409,
      message: "This code already exists",
      field: "code",
    });
    expect((await codeRow("TWICE"))?.value).toBe("$25 Bonus");
  });

  it("writes nothing, not even notifications, when its audit row cannot be written", async () => {
    const ghost = { userId: 999_999, username: "ghost" }; // the audit row's foreign key fails
    await expect(createBonusCode(ghost, input("ROLLBACK"), NOW)).rejects.toThrow();
    expect(await codeRow("ROLLBACK")).toBeUndefined();
    const told = await db
      .selectFrom("notifications")
      .select("id")
      .where("title", "=", "New bonus code: ROLLBACK")
      .execute();
    expect(told).toEqual([]);
  });
});

describe("updateBonusCode and deleteBonusCode", () => {
  it("record the values before and after in the audit log", async () => {
    const code = await created("EDITME");
    const edit = await updateBonusCode(
      admin,
      code.id,
      input("EDITED", { value: "$30 Bonus" }),
      later(1),
    );
    expect(edit).toMatchObject({
      ok: true,
      code: { id: code.id, code: "EDITED", value: "$30 Bonus" },
    });
    const removed = await deleteBonusCode(admin, code.id, later(2));
    expect(removed.ok).toBe(true);
    expect(await codeRow("EDITED")).toBeUndefined();
    const rows = await auditRows(`bonus_code:${code.id}`);
    expect(rows.map((row) => row.kind)).toEqual([
      "bonus_code.created",
      "bonus_code.updated",
      "bonus_code.deleted",
    ]);
    expect(JSON.parse(rows[1]?.before_json ?? "null")).toMatchObject({
      code: "EDITME",
      value: "$25 Bonus",
    });
    expect(JSON.parse(rows[1]?.after_json ?? "null")).toMatchObject({
      code: "EDITED",
      value: "$30 Bonus",
    });
    expect(JSON.parse(rows[2]?.before_json ?? "null")).toMatchObject({ code: "EDITED" });
    expect(rows[2]?.after_json).toBeNull();
  });

  it("answer 404 for an unknown id and 409 for another code's name, changing nothing", async () => {
    const first = await created("KEEPA");
    await created("KEEPB");
    expect(await updateBonusCode(admin, first.id, input("keepb"), NOW)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await codeRow("KEEPA")).toBeDefined();
    expect(await updateBonusCode(admin, 987_654, input("NOPE"), NOW)).toMatchObject({
      ok: false,
      status: 404,
      message: "Bonus code not found",
    });
    expect(await deleteBonusCode(admin, 987_654, NOW)).toMatchObject({ ok: false, status: 404 });
    const subjects = await db
      .selectFrom("audit_log")
      .select("id")
      .where("subject", "=", "bonus_code:987654")
      .execute();
    expect(subjects).toEqual([]);
  });

  it("a failing audit row undoes an edit and a delete", async () => {
    const code = await created("STAYS");
    const ghost = { userId: 999_999, username: "ghost" };
    await expect(updateBonusCode(ghost, code.id, input("GONE"), NOW)).rejects.toThrow();
    await expect(deleteBonusCode(ghost, code.id, NOW)).rejects.toThrow();
    expect(await codeRow("STAYS")).toMatchObject({ id: code.id, value: "$25 Bonus" });
  });
});

describe("the mobile bell's dot", () => {
  it("shows for a usable code added since the user last opened /bonus-codes", async () => {
    await db.deleteFrom("bonus_codes").where("expires_at", ">", NOW.toISOString()).execute();
    const user = await insertUser(db);
    // Only expired codes: nothing new to see.
    expect(await hasUnseenBonusCode(user, NOW)).toBe(false);
    await created("DOTGOAT", { expiresAt: later(10).toISOString() }, later(1));
    expect(await hasUnseenBonusCode(user, later(1))).toBe(true);
    await markBonusCodesSeen(user, later(2));
    expect(await hasUnseenBonusCode(user, later(2))).toBe(false);
    // A newer code brings it back; an expired one does not.
    await created("DOTGOAT2", { expiresAt: later(20).toISOString() }, later(3));
    expect(await hasUnseenBonusCode(user, later(3))).toBe(true);
    await markBonusCodesSeen(user, later(4));
    await created("DOTOLD", { expiresAt: later(4.5).toISOString() }, later(4.2));
    expect(await hasUnseenBonusCode(user, later(5))).toBe(false);
  });
});
