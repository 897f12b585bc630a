import { sql } from "kysely";
import type { Expression } from "kysely";
import type { Account, FieldConflict, PublicProfile } from "~/domain/account";
import type { ProfileForm } from "~/domain/account-forms";
import { canonicalUsername } from "~/domain/usernames";
import { typedTelegramNameVerified } from "~/domain/telegram-link";
import { equalsIgnoringCase } from "~db";
import { db, dialect } from "~/services/db.server";
import { requestVerification } from "~/services/email/verification.server";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.server";

export const USERNAME_TAKEN = "This username is already taken";
export const EMAIL_TAKEN = "An account with this e-mail already exists";

/** Users with their linked player: goated_id is the provider's uid (the one rule that links them). */
function usersWithLinkedPlayer() {
  return db.selectFrom("users").leftJoin("players", "players.uid", "users.goated_id");
}

const TOTAL_WAGERED = sql<number>`coalesce(players.all_time, 0)`.as("totalWagered");

function accountQuery() {
  return usersWithLinkedPlayer().select([
    "users.id",
    "users.username",
    "users.email",
    "users.telegram_username as telegramUsername",
    "users.telegram_verified_username as telegramVerifiedUsername",
    "users.bio",
    "users.profile_color as profileColor",
    "users.created_at as createdAt",
    "users.goated_id as goatedId",
    "users.goated_username as goatedUsername",
    TOTAL_WAGERED,
    "users.is_admin",
  ]);
}

export async function getAccount(userId: number): Promise<Account | null> {
  const row = await accountQuery().where("users.id", "=", userId).executeTakeFirst();
  if (!row) return null;
  const { is_admin, ...account } = row;
  return { ...account, isAdmin: is_admin === 1 };
}

/**
 * A signed-in user's all-time wagered dollars (the header's rank badge, on every page, so only
 * that column): their linked player's total, 0 when nothing is linked or not synced yet.
 */
export async function totalWageredOfUser(userId: number): Promise<number> {
  const row = await totalWageredQuery(userId).executeTakeFirst();
  return row?.totalWagered ?? 0;
}

/** totalWageredOfUser's query, one column (a scalar subquery of the header's figures). */
export function totalWageredQuery(userId: number | Expression<number>) {
  return usersWithLinkedPlayer().select(TOTAL_WAGERED).where("users.id", "=", userId);
}

/** The provider uid a user's account is linked to: users.goated_id, never a name. */
export async function linkedPlayerUid(userId: number): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("goated_id")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.goated_id ?? null;
}

export async function getPublicProfile(userId: number): Promise<PublicProfile | null> {
  const account = await getAccount(userId);
  if (!account) return null;
  return {
    id: account.id,
    username: account.username,
    telegramUsername: account.telegramUsername,
    telegramVerified: typedTelegramNameVerified(
      account.telegramUsername,
      account.telegramVerifiedUsername,
    ),
    bio: account.bio,
    profileColor: account.profileColor,
    createdAt: account.createdAt,
    goatedUsername: account.goatedUsername,
    totalWagered: account.totalWagered,
  };
}

/**
 * The account a login names: by its canonical username, or its e-mail regardless of case. A login
 * with an "@" is an e-mail first: names with "@" are refused now, and one registered before must
 * not answer for another account's address.
 */
export async function findLoginCandidate(login: string) {
  const sameEmail = equalsIgnoringCase(dialect, "email", login);
  const sameName = equalsIgnoringCase(dialect, "username", login);
  return (
    db
      .selectFrom("users")
      .select(["id", "password_hash"])
      .where((eb) =>
        eb.or([
          eb("username_canonical", "=", canonicalUsername(login)),
          sameEmail,
          // An account that migration 0006 left without a canonical name (an older one held it)
          // signs in by its own name, which then wins over the older account's canonical match.
          sameName,
        ]),
      )
      // Nulls last: PostgreSQL sorts a null (no e-mail) first in descending order.
      .$if(login.includes("@"), (query) => query.orderBy(sameEmail, (o) => o.desc().nullsLast()))
      .orderBy(sameName, (o) => o.desc().nullsLast())
      .executeTakeFirst()
  );
}

/**
 * Checks a user's password. A legacy hash that verifies is replaced by one of the password as
 * typed (passwords.server.ts `needsRehash`), unless the password changed meanwhile.
 */
export async function verifyUserPassword(
  user: { id: number; password_hash: string },
  password: string,
): Promise<boolean> {
  const valid = await verifyPassword(password, user.password_hash);
  if (valid && needsRehash(password, user.password_hash)) {
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword(password) })
      .where("id", "=", user.id)
      .where("password_hash", "=", user.password_hash)
      .execute();
  }
  return valid;
}

async function conflicts(
  input: { username: string; email?: string | null },
  exceptUserId?: number,
): Promise<FieldConflict[]> {
  const found: FieldConflict[] = [];
  // Kysely's builders are immutable: each check below extends this one.
  const otherUsers = db
    .selectFrom("users")
    .select("id")
    .$if(exceptUserId !== undefined, (q) => q.where("id", "!=", exceptUserId ?? 0));
  const canonical = canonicalUsername(input.username);
  if (await otherUsers.where("username_canonical", "=", canonical).executeTakeFirst()) {
    found.push({ field: "username", message: USERNAME_TAKEN });
  }
  const { email } = input;
  if (
    email &&
    (await otherUsers.where(equalsIgnoringCase(dialect, "email", email)).executeTakeFirst())
  ) {
    found.push({ field: "email", message: EMAIL_TAKEN });
  }
  return found;
}

export function isUniqueViolation(error: unknown): boolean {
  // SQLite's code, or PostgreSQL's unique_violation.
  return (
    error instanceof Error &&
    "code" in error &&
    (error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "23505")
  );
}

export type CreateUserResult =
  { ok: true; userId: number } | { ok: false; conflicts: FieldConflict[] };

export async function createUser(
  input: { username: string; email: string; password: string },
  now: Date = new Date(),
): Promise<CreateUserResult> {
  const found = await conflicts(input);
  if (found.length > 0) return { ok: false, conflicts: found };
  const passwordHash = await hashPassword(input.password);
  try {
    // The account and its address confirmation e-mail are written together.
    const userId = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("users")
        .values({
          username: input.username,
          username_canonical: canonicalUsername(input.username),
          email: input.email,
          password_hash: passwordHash,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await requestVerification(trx, row.id, now);
      return row.id;
    });
    return { ok: true, userId };
  } catch (error) {
    // Someone took the name between the check and the insert.
    if (isUniqueViolation(error)) return { ok: false, conflicts: await conflicts(input) };
    throw error;
  }
}

export type UpdateProfileResult = { ok: true } | { ok: false; conflicts: FieldConflict[] };

export async function updateProfile(
  userId: number,
  profile: ProfileForm,
): Promise<UpdateProfileResult> {
  const current = await db
    .selectFrom("users")
    .select("username")
    .where("id", "=", userId)
    .executeTakeFirst();
  // An unchanged name is not checked or re-keyed: an account that migration 0006 left without a
  // canonical name (an older look-alike holds it) can still save the rest of its profile.
  const nameChanged = current?.username !== profile.username;
  const found = nameChanged ? await conflicts({ username: profile.username }, userId) : [];
  if (found.length > 0) return { ok: false, conflicts: found };
  try {
    await db
      .updateTable("users")
      .set({
        ...(nameChanged && {
          username: profile.username,
          username_canonical: canonicalUsername(profile.username),
        }),
        telegram_username: profile.telegramUsername ?? null,
        bio: profile.bio ?? null,
        profile_color: profile.profileColor,
      })
      .where("id", "=", userId)
      .execute();
    return { ok: true };
  } catch (error) {
    // Someone took the name between the check and the update.
    if (isUniqueViolation(error)) {
      return { ok: false, conflicts: [{ field: "username", message: USERNAME_TAKEN }] };
    }
    throw error;
  }
}

/**
 * Makes sure the operator's admin account exists (ADMIN_USERNAME + ADMIN_PASSWORD at start):
 * creates it, or promotes it, enables it and sets the configured password (the operator's way
 * back in when another admin disabled or demoted it). Only the hash is stored. Idempotent when
 * several processes start together: the one whose insert loses the race finds the account.
 */
export async function ensureAdmin(
  username: string,
  password: string,
  now: Date = new Date(),
): Promise<"created" | "promoted" | "unchanged"> {
  const existing = await db
    .selectFrom("users")
    .select(["id", "is_admin", "password_hash", "disabled_at"])
    .where("username_canonical", "=", canonicalUsername(username))
    .executeTakeFirst();
  if (!existing) {
    try {
      await db
        .insertInto("users")
        .values({
          username,
          username_canonical: canonicalUsername(username),
          password_hash: await hashPassword(password),
          is_admin: 1,
          created_at: now.toISOString(),
        })
        .execute();
      return "created";
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another process created it since the lookup: it exists now.
      return ensureAdmin(username, password, now);
    }
  }
  const passwordMatches = await verifyPassword(password, existing.password_hash);
  if (existing.is_admin === 1 && existing.disabled_at === null && passwordMatches) {
    return "unchanged";
  }
  await db
    .updateTable("users")
    .set({
      is_admin: 1,
      disabled_at: null,
      password_hash: passwordMatches ? existing.password_hash : await hashPassword(password),
    })
    .where("id", "=", existing.id)
    .execute();
  return "promoted";
}
