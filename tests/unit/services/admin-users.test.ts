// Admin user management (issue 15): the rules (never the last admin, never one's own account
// disabled), the audit row written in the same transaction as the change, disabling ending the
// account's sessions and sign-ins, and the searchable, paged list.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import {
  CANNOT_DISABLE_SELF,
  LAST_ADMIN_DISABLE,
  LAST_ADMIN_REVOKE,
  userChangeProblem,
} from "~/domain/admin-users";
import { eventBus } from "~/server/domain-event-bus.server";
import { changeUser, listUsers } from "~/services/admin/admin-users.server";
import { listAudit, recordAudit } from "~/services/admin/audit.server";
import { AuthFailure, authenticate } from "~/services/auth/authentication.server";
import { db } from "~/services/db.server";
import { createSession, findRequestUser } from "~/services/auth/sessions.server";
import { createUser } from "~/services/auth/users.server";

const PASSWORD = "Grazing-Goats-On-Tuesday-42";

async function account(username: string, { isAdmin = false, email = true } = {}) {
  const created = await createUser({
    username,
    email: email ? `${username}@Example.com` : `${username}-x@example.com`,
    password: PASSWORD,
  });
  if (!created.ok) throw new Error(`could not create ${username}`);
  if (isAdmin) {
    await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", created.userId).execute();
  }
  return created.userId;
}

const standing = (id: number) =>
  db
    .selectFrom("users")
    .select(["is_admin", "disabled_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const auditCount = async () =>
  Number(
    (
      await db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function signIn(username: string) {
  const form = new FormData();
  form.append("username", username);
  form.append("password", PASSWORD);
  const request = new Request("http://localhost/auth", { method: "POST", body: form });
  try {
    await authenticate("login", request, { ip: "198.51.100.7", userAgent: "vitest" });
    return "signed in";
  } catch (error) {
    if (error instanceof AuthFailure) return `${error.status} ${error.message}`;
    throw error;
  }
}

let bossId = 0;
let boss = { userId: 0, username: "usersBoss" };

beforeAll(async () => {
  await migrateToLatest(db);
  bossId = await account("usersBoss", { isAdmin: true });
  boss = { userId: bossId, username: "usersBoss" };
});

describe("the rules", () => {
  const admin = { id: 2, isAdmin: true, disabled: false };
  it("never takes admin rights from, or disables, the last admin", () => {
    expect(userChangeProblem("revoke-admin", { actorId: 2, target: admin, activeAdmins: 1 })).toBe(
      LAST_ADMIN_REVOKE,
    );
    expect(userChangeProblem("disable", { actorId: 9, target: admin, activeAdmins: 1 })).toBe(
      LAST_ADMIN_DISABLE,
    );
    expect(
      userChangeProblem("revoke-admin", { actorId: 2, target: admin, activeAdmins: 2 }),
    ).toBeNull();
  });
  it("never lets an admin disable their own account", () => {
    expect(userChangeProblem("disable", { actorId: 2, target: admin, activeAdmins: 5 })).toBe(
      CANNOT_DISABLE_SELF,
    );
  });
});

describe("the audit log", { timeout: 30_000 }, () => {
  it("a change that fails leaves no row, and takes its row back with it", async () => {
    const target = await account("auditRollback");
    const rowsBefore = await auditCount();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ is_admin: 1 }).where("id", "=", target).execute();
        await recordAudit(trx, {
          actor: boss,
          kind: "user.admin_granted",
          subject: `user:${target}`,
          before: { isAdmin: false },
          after: { isAdmin: true },
        });
        throw new Error("the change fails after its record");
      }),
    ).rejects.toThrow("the change fails");
    expect(await auditCount()).toBe(rowsBefore);
    expect((await standing(target)).is_admin).toBe(0);
  });

  it("a record that cannot be written undoes the change (one transaction)", async () => {
    const target = await account("auditUndone");
    const rowsBefore = await auditCount();
    // No such admin: the audit row's foreign key fails, after the update ran.
    await expect(
      changeUser({ userId: 999_999, username: "ghost" }, target, "grant-admin"),
    ).rejects.toThrow();
    expect((await standing(target)).is_admin).toBe(0);
    expect(await auditCount()).toBe(rowsBefore);
  });

  it("records who, when, what, before and after; newest first; filterable", async () => {
    const target = await account("auditGranted");
    expect(await changeUser(boss, target, "grant-admin")).toEqual({ ok: true });
    expect(await changeUser(boss, target, "revoke-admin")).toEqual({ ok: true });
    const { rows } = await listAudit({ actorId: bossId, kind: null }, null);
    expect(rows[0]).toMatchObject({
      actorId: bossId,
      actorUsername: "usersBoss",
      kind: "user.admin_revoked",
      subject: `user:${target}`,
    });
    expect(JSON.parse(rows[0]?.before ?? "")).toMatchObject({ isAdmin: true });
    expect(JSON.parse(rows[0]?.after ?? "")).toMatchObject({ isAdmin: false });
    expect(rows[1]).toMatchObject({ kind: "user.admin_granted" });
    const granted = await listAudit({ actorId: null, kind: "user.admin_granted" }, null);
    expect(granted.rows.every((row) => row.kind === "user.admin_granted")).toBe(true);
    expect((await listAudit({ actorId: 424_242, kind: null }, null)).total).toBe(0);
  });

  it("a refused change leaves no row", async () => {
    const rowsBefore = await auditCount();
    expect(await changeUser(boss, bossId, "disable")).toMatchObject({
      ok: false,
      message: CANNOT_DISABLE_SELF,
    });
    expect(await auditCount()).toBe(rowsBefore);
  });
});

describe("admin rights", { timeout: 30_000 }, () => {
  it("the last admin keeps them, even when asking to drop them; with a second admin it may", async () => {
    const { n } = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("is_admin", "=", 1)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
    expect(await changeUser(boss, bossId, "revoke-admin")).toMatchObject({
      ok: false,
      status: 409,
      message: LAST_ADMIN_REVOKE,
    });
    const second = await account("secondBoss", { isAdmin: true });
    expect(await changeUser(boss, bossId, "revoke-admin")).toEqual({ ok: true });
    expect((await standing(bossId)).is_admin).toBe(0);
    // Put things back: the second admin restores the first.
    expect(
      await changeUser({ userId: second, username: "secondBoss" }, bossId, "grant-admin"),
    ).toEqual({ ok: true });
    expect(
      await changeUser({ userId: second, username: "secondBoss" }, second, "revoke-admin"),
    ).toEqual({ ok: true });
  });
});

describe("disabling an account", { timeout: 30_000 }, () => {
  it("ends its sessions (and their sockets) at once; it cannot sign in until enabled", async () => {
    const target = await account("disabledGoat");
    const token = await createSession({ userId: target, userAgent: "vitest", ip: "::1" });
    const ended: string[] = [];
    const unsubscribe = eventBus.subscribe("sessions.ended", ({ sessionIds }) =>
      ended.push(...sessionIds),
    );
    const bearer = () =>
      findRequestUser(
        new Request("http://localhost/", { headers: { Authorization: `Bearer ${token}` } }),
      );
    const sessionId = (await bearer())?.sessionId;
    expect(sessionId).toBeDefined();
    expect(await changeUser(boss, target, "disable")).toEqual({ ok: true });
    unsubscribe();
    expect(ended).toContain(sessionId);
    expect(await bearer()).toBeNull();
    expect(await signIn("disabledGoat")).toBe("403 This account is disabled");
    expect(await changeUser(boss, target, "enable")).toEqual({ ok: true });
    expect(await signIn("disabledGoat")).toBe("signed in");
  });
});

describe("the user list", () => {
  it("finds by username or e-mail regardless of case, 25 a page", async () => {
    // Straight into the table: 30 password hashes would take a while.
    await db
      .insertInto("users")
      .values(
        Array.from({ length: 30 }, (_, i) => {
          const username = `pagedGoat${String(i).padStart(2, "0")}`;
          return {
            username,
            username_canonical: username.toLowerCase(),
            email: `${username}@Example.com`,
            password_hash: "x",
            created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
          };
        }),
      )
      .execute();
    const first = await listUsers("PAGEDgoat", null);
    expect(first.total).toBe(30);
    expect(first.users).toHaveLength(25);
    expect(first.window).toMatchObject({ page: 1, totalPages: 2 });
    const second = await listUsers("pagedgoat", "2");
    expect(second.users).toHaveLength(5);
    // Past the last page: the last page.
    expect((await listUsers("pagedgoat", "99")).window.page).toBe(2);
    expect((await listUsers("PAGEDGOAT07@EXAMPLE", null)).users.map((u) => u.username)).toEqual([
      "pagedGoat07",
    ]);
    // LIKE's wildcards are searched for literally.
    expect((await listUsers("%", null)).total).toBe(0);
    const row = (await listUsers("pagedGoat07", null)).users[0];
    expect(row).toMatchObject({ isAdmin: false, disabled: false, lastLogin: null });
  });
});
