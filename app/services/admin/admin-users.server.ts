import { sql } from "kysely";
import type { UserChange } from "~/domain/admin-users";
import { USER_NOT_FOUND, userChangeProblem } from "~/domain/admin-users";
import type { AuditKind } from "~/domain/audit";
import { auditSubject } from "~/domain/audit";
import { LIKE_ESCAPE, likeContains } from "~/domain/like-pattern";
import { pageWindow } from "~/domain/paging";
import type { PageWindow } from "~/domain/paging";
import { recordAudit } from "./audit.server";
import type { AuditActor } from "./audit.server";
import { db } from "~/services/db.server";
import { endUserSessions } from "~/services/auth/sessions.server";

/** A user as the admin list shows it (docs/product.md §A3 "User (admin view)"), and its state. */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  disabled: boolean;
  createdAt: string;
  lastLogin: string | null;
}

function adminUserQuery() {
  return db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "email",
      "is_admin",
      "disabled_at",
      "created_at as createdAt",
      "last_login_at as lastLogin",
    ]);
}

function asRow({
  is_admin,
  disabled_at,
  ...user
}: {
  id: number;
  username: string;
  email: string | null;
  is_admin: number;
  disabled_at: string | null;
  createdAt: string;
  lastLogin: string | null;
}): AdminUserRow {
  return { ...user, isAdmin: is_admin === 1, disabled: disabled_at !== null };
}

/**
 * One page of users, newest first; `search` matches the username or the e-mail anywhere in it,
 * regardless of case (SQLite's LIKE ignores ASCII case; the canonical name covers the rest).
 */
export async function listUsers(
  search: string,
  requestedPage: string | null,
): Promise<{ users: AdminUserRow[]; window: PageWindow; total: number }> {
  const term = search.trim();
  const pattern = likeContains(term.toLowerCase());
  const matching = db.selectFrom("users").$if(term !== "", (q) =>
    q.where(
      sql<boolean>`(lower(username) LIKE ${pattern} ESCAPE ${LIKE_ESCAPE}
          OR lower(coalesce(email, '')) LIKE ${pattern} ESCAPE ${LIKE_ESCAPE})`,
    ),
  );
  const { n } = await matching
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(requestedPage, total);
  const rows = await adminUserQuery()
    .where("id", "in", matching.select("id"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { users: rows.map(asRow), window, total };
}

export async function findAdminUser(userId: number): Promise<AdminUserRow | null> {
  const row = await adminUserQuery().where("id", "=", userId).executeTakeFirst();
  return row ? asRow(row) : null;
}

const AUDIT_KIND: Record<UserChange, AuditKind> = {
  "grant-admin": "user.admin_granted",
  "revoke-admin": "user.admin_revoked",
  disable: "user.disabled",
  enable: "user.enabled",
};

export type UserChangeResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * Makes or unmakes an admin, disables or enables an account, checked against the rules and
 * written with its audit row in one transaction. Disabling then ends the account's sessions and
 * sockets (the session lookup already ignores a disabled account's sessions).
 */
export async function changeUser(
  actor: AuditActor,
  targetId: number,
  change: UserChange,
  now: Date = new Date(),
): Promise<UserChangeResult> {
  const result = await db.transaction().execute(async (trx): Promise<UserChangeResult> => {
    const target = await trx
      .selectFrom("users")
      .select(["id", "username", "is_admin", "disabled_at"])
      .where("id", "=", targetId)
      .executeTakeFirst();
    if (!target) return { ok: false, status: 404, message: USER_NOT_FOUND };
    const { n } = await trx
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("is_admin", "=", 1)
      .where("disabled_at", "is", null)
      .executeTakeFirstOrThrow();
    const before = {
      username: target.username,
      isAdmin: target.is_admin === 1,
      disabled: target.disabled_at !== null,
    };
    const problem = userChangeProblem(change, {
      actorId: actor.userId,
      target: { id: target.id, ...before },
      activeAdmins: Number(n),
    });
    if (problem) return { ok: false, status: 409, message: problem };
    const after = {
      username: target.username,
      isAdmin: change === "grant-admin" ? true : change === "revoke-admin" ? false : before.isAdmin,
      disabled: change === "disable" ? true : change === "enable" ? false : before.disabled,
    };
    // Nothing to change: nothing to record.
    if (after.isAdmin === before.isAdmin && after.disabled === before.disabled) return { ok: true };
    await trx
      .updateTable("users")
      .set({
        is_admin: after.isAdmin ? 1 : 0,
        disabled_at: after.disabled ? (target.disabled_at ?? now.toISOString()) : null,
      })
      .where("id", "=", targetId)
      .execute();
    await recordAudit(
      trx,
      { actor, kind: AUDIT_KIND[change], subject: auditSubject("user", targetId), before, after },
      now,
    );
    return { ok: true };
  });
  if (result.ok && change === "disable") await endUserSessions(targetId);
  return result;
}
