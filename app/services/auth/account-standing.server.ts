import { db } from "~/services/db.server";

/** What decides whether an account may sign in where: admin or not, disabled or not. */
export async function accountStanding(
  userId: number,
): Promise<{ isAdmin: boolean; disabled: boolean } | null> {
  const row = await db
    .selectFrom("users")
    .select(["is_admin", "disabled_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? { isAdmin: row.is_admin === 1, disabled: row.disabled_at !== null } : null;
}

/** Notes a sign-in (the admin user list's 'Last Login'). */
export async function recordLogin(userId: number, now: Date = new Date()): Promise<void> {
  await db
    .updateTable("users")
    .set({ last_login_at: now.toISOString() })
    .where("id", "=", userId)
    .execute();
}
