import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import { Secret, TOTP } from "otpauth";
import type { Database } from "~db";
import { auditSubject } from "~/domain/audit";
import {
  formatRecoveryCode,
  INVALID_CODE,
  NO_ENROLMENT,
  readTypedCode,
  RECOVERY_CODE_COUNT,
  TOTP_ISSUER,
  TOTP_SETTINGS,
  TOTP_WINDOW,
  TWO_STEP_ENABLED,
} from "~/domain/two-step";
import { canonicalUsername } from "~/domain/usernames";
import { openSecret, sealSecret } from "~/server/secret-box.server";
import { recordAudit } from "~/services/admin/audit.server";
import type { AuditActor } from "~/services/admin/audit.server";
import { db } from "~/services/db.server";
import { throttledCheck } from "./login-throttle.server";
import type { ThrottledCheck } from "./login-throttle.server";
import { verifyPassword } from "./passwords.server";

/**
 * Two-step sign-in (docs/product.md §A10, docs/decisions/0020): enrolment with a first code, the
 * code check of every sign-in (a TOTP code never accepted twice, a recovery code only once), and
 * turning it off. Secrets are sealed with SESSION_SECRET's key; recovery codes are stored hashed.
 */

const sealContext = (userId: number) => `user_totp:${userId}`;

/** Code guesses are counted apart from password guesses: a right password must not forgive them. */
export const twoStepThrottleKey = (userId: number) => `two-step:${userId}`;
/** Codes are guessed from many addresses at once: limited per account from all of them. */
const CODE_LIMITS = { limitAccount: true } as const;

function totpFor(secret: Secret, label = "") {
  return new TOTP({ issuer: TOTP_ISSUER, label, secret, ...TOTP_SETTINGS });
}

/** The time step a code belongs to, when it is one of the accepted steps around `now`. */
function acceptedStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(Secret.fromBase32(secretBase32));
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

export type TwoStepState =
  | { status: "off" }
  | { status: "pending"; secret: string; uri: string }
  | { status: "on"; enabledAt: string; recoveryCodesLeft: number };

async function recoveryCodesLeft(
  executor: Transaction<Database> | typeof db,
  userId: number,
): Promise<number> {
  const { n } = await executor
    .selectFrom("user_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Where an admin's two-step sign-in stands, for the security page. */
export async function twoStepState(user: AuditActor): Promise<TwoStepState> {
  const row = await db
    .selectFrom("user_totp")
    .select(["secret", "enabled_at"])
    .where("user_id", "=", user.userId)
    .executeTakeFirst();
  if (!row) return { status: "off" };
  if (row.enabled_at !== null) {
    return {
      status: "on",
      enabledAt: row.enabled_at,
      recoveryCodesLeft: await recoveryCodesLeft(db, user.userId),
    };
  }
  const secret = openSecret(row.secret, sealContext(user.userId));
  // Sealed under another SESSION_SECRET: as if never started.
  if (secret === null) return { status: "off" };
  return {
    status: "pending",
    secret,
    uri: totpFor(Secret.fromBase32(secret), user.username).toString(),
  };
}

/** Whether sign-ins of this account ask for a code. */
export async function isTwoStepOn(userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("user_totp")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new secret waiting for its first code (replacing one that waited); false when already on. */
export async function startEnrolment(userId: number, now: Date = new Date()): Promise<boolean> {
  if (await isTwoStepOn(userId)) return false;
  const sealed = sealSecret(new Secret({ size: 20 }).base32, sealContext(userId));
  const instant = now.toISOString();
  await db
    .insertInto("user_totp")
    .values({ user_id: userId, secret: sealed, created_at: instant })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet({ secret: sealed, created_at: instant, last_used_step: null })
        .where("user_totp.enabled_at", "is", null),
    )
    .execute();
  return true;
}

/** Drops an enrolment that was never confirmed. */
export async function cancelEnrolment(userId: number): Promise<void> {
  await db
    .deleteFrom("user_totp")
    .where("user_id", "=", userId)
    .where("enabled_at", "is", null)
    .execute();
}

/** Ten new recovery codes replace the account's old ones; the plain codes are returned once. */
async function replaceRecoveryCodes(
  trx: Transaction<Database>,
  userId: number,
  now: Date,
): Promise<string[]> {
  await trx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
  // 80 random bits each, in the base32 alphabet authenticator secrets use.
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    new Secret({ size: 10 }).base32.toLowerCase(),
  );
  await trx
    .insertInto("user_recovery_codes")
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: hashRecoveryCode(code),
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return codes.map(formatRecoveryCode);
}

export type TwoStepChange = { ok: true; recoveryCodes: string[] } | { ok: false; message: string };

/**
 * Confirms an enrolment with a first code from the app: two-step sign-in is on from then, with ten
 * recovery codes (returned to be shown once) and its audit row, in one transaction.
 */
export async function confirmEnrolment(
  actor: AuditActor,
  typed: string,
  now: Date = new Date(),
): Promise<TwoStepChange> {
  const row = await db
    .selectFrom("user_totp")
    .select("secret")
    .where("user_id", "=", actor.userId)
    .where("enabled_at", "is", null)
    .executeTakeFirst();
  const secret = row ? openSecret(row.secret, sealContext(actor.userId)) : null;
  if (secret === null) {
    // Already confirmed (a reloaded answer posts its code again): say so, show nothing twice.
    const on = await isTwoStepOn(actor.userId);
    return { ok: false, message: on ? TWO_STEP_ENABLED : NO_ENROLMENT };
  }
  const code = readTypedCode(typed);
  const step = code?.kind === "totp" ? acceptedStep(secret, code.code, now) : null;
  if (step === null) return { ok: false, message: INVALID_CODE };
  return db.transaction().execute(async (trx): Promise<TwoStepChange> => {
    const confirmed = await trx
      .updateTable("user_totp")
      .set({ enabled_at: now.toISOString(), last_used_step: step })
      .where("user_id", "=", actor.userId)
      .where("enabled_at", "is", null)
      .executeTakeFirst();
    if (confirmed.numUpdatedRows !== 1n) return { ok: false, message: NO_ENROLMENT };
    const recoveryCodes = await replaceRecoveryCodes(trx, actor.userId, now);
    await recordAudit(
      trx,
      {
        actor,
        kind: "admin.totp_enabled",
        subject: auditSubject("user", actor.userId),
        before: { twoStep: false },
        after: { twoStep: true, recoveryCodes: RECOVERY_CODE_COUNT },
      },
      now,
    );
    return { ok: true, recoveryCodes };
  });
}

/**
 * Checks a code typed at sign-in (or to prove it is the admin): a TOTP code of an accepted step
 * later than the last one used, or an unused recovery code, which is spent. Each write is
 * conditional, so two requests with one code cannot both pass.
 */
export async function acceptSecondFactor(
  userId: number,
  typed: string,
  now: Date = new Date(),
): Promise<boolean> {
  const code = readTypedCode(typed);
  if (!code) return false;
  const row = await db
    .selectFrom("user_totp")
    .select("secret")
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  if (!row) return false;
  if (code.kind === "recovery") {
    const spent = await db
      .updateTable("user_recovery_codes")
      .set({ used_at: now.toISOString() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", hashRecoveryCode(code.code))
      .where("used_at", "is", null)
      .executeTakeFirst();
    return spent.numUpdatedRows === 1n;
  }
  const secret = openSecret(row.secret, sealContext(userId));
  if (secret === null) {
    console.warn(
      `Two-step secret of account ${userId} does not open: SESSION_SECRET changed? ` +
        "Recovery codes still work; see docs/operations.md (admin:reset-totp).",
    );
    return false;
  }
  const step = acceptedStep(secret, code.code, now);
  if (step === null) return false;
  const used = await db
    .updateTable("user_totp")
    .set({ last_used_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}

/** The code step of a sign-in, under the sign-in throttle (counted by the two-step key). */
export function checkSignInCode(
  userId: number,
  typed: string,
  ip: string,
  now: Date = new Date(),
): Promise<ThrottledCheck> {
  return throttledCheck(
    ip,
    twoStepThrottleKey(userId),
    () => acceptSecondFactor(userId, typed, now),
    CODE_LIMITS,
  );
}

/**
 * A signed-in admin proves it is them before a change to two-step sign-in: a code (TOTP or
 * recovery) or the password, under the sign-in throttle.
 */
export function checkProof(
  userId: number,
  proof: string,
  ip: string,
  now: Date = new Date(),
): Promise<ThrottledCheck> {
  return throttledCheck(
    ip,
    twoStepThrottleKey(userId),
    async () => {
      if (readTypedCode(proof) && (await acceptSecondFactor(userId, proof, now))) return true;
      const account = await db
        .selectFrom("users")
        .select("password_hash")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      return verifyPassword(proof, account.password_hash);
    },
    CODE_LIMITS,
  );
}

/** Turns two-step sign-in off (the secret and every recovery code go) with its audit row. */
async function removeTwoStep(
  actor: AuditActor | null,
  userId: number,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const left = await recoveryCodesLeft(trx, userId);
    const removed = await trx
      .deleteFrom("user_totp")
      .where("user_id", "=", userId)
      .where("enabled_at", "is not", null)
      .executeTakeFirst();
    if (removed.numDeletedRows !== 1n) return false;
    await trx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
    await recordAudit(
      trx,
      {
        actor,
        kind: "admin.totp_disabled",
        subject: auditSubject("user", userId),
        before: { twoStep: true, recoveryCodes: left },
        after: { twoStep: false },
      },
      now,
    );
    return true;
  });
}

/** The admin's own "turn it off" (after checkProof); false when it was not on. */
export function disableTwoStep(actor: AuditActor, now: Date = new Date()): Promise<boolean> {
  return removeTwoStep(actor, actor.userId, now);
}

/** New recovery codes (after checkProof), the old ones void; null when two-step is not on. */
export async function regenerateRecoveryCodes(
  actor: AuditActor,
  now: Date = new Date(),
): Promise<string[] | null> {
  if (!(await isTwoStepOn(actor.userId))) return null;
  return db.transaction().execute(async (trx) => {
    const left = await recoveryCodesLeft(trx, actor.userId);
    const recoveryCodes = await replaceRecoveryCodes(trx, actor.userId, now);
    await recordAudit(
      trx,
      {
        actor,
        kind: "admin.recovery_codes_regenerated",
        subject: auditSubject("user", actor.userId),
        before: { recoveryCodes: left },
        after: { recoveryCodes: RECOVERY_CODE_COUNT },
      },
      now,
    );
    return recoveryCodes;
  });
}

/**
 * The operator's way back in for a locked-out admin (npm run admin:reset-totp -- NAME): turns
 * the account's two-step sign-in off, recorded as done from the command line.
 */
export async function resetTwoStepOf(
  username: string,
  now: Date = new Date(),
): Promise<"reset" | "was-off" | "no-such-user"> {
  const user = await db
    .selectFrom("users")
    .select("id")
    .where("username_canonical", "=", canonicalUsername(username))
    .executeTakeFirst();
  if (!user) return "no-such-user";
  // An enrolment that was never confirmed goes too.
  await cancelEnrolment(user.id);
  return (await removeTwoStep(null, user.id, now)) ? "reset" : "was-off";
}
