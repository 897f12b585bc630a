import { VERIFICATION_LINK_TTL_MS, VERIFICATION_RESEND_GAP_MS } from "~/domain/email";
import { verificationEmail } from "~/domain/email-templates";
import { siteOrigin } from "~/server/config.server";
import { readToken, signToken } from "~/server/signed-token.server";
import { db } from "~/services/db.server";
import { enqueueEmails } from "./outbox.server";
import type { Executor } from "~/services/db.server";

/**
 * Confirming an address (docs/product.md §P10): e-mail goes only to confirmed addresses. The
 * link carries the user and the address it was sent to, signed and good for 24 hours; it
 * confirms only while the account still has that address.
 */

export type VerificationRequest = "queued" | "verified" | "no-email" | "too-soon";

/**
 * Queues the confirmation e-mail for the user's address unless it is confirmed already, or one
 * was queued in the last minute (a resend button pressed twice sends one).
 */
export async function requestVerification(
  executor: Executor,
  userId: number,
  now: Date = new Date(),
): Promise<VerificationRequest> {
  const user = await executor
    .selectFrom("users")
    .select(["email", "username", "email_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.email) return "no-email";
  if (user.email_verified_at) return "verified";
  const recent = await executor
    .selectFrom("email_outbox")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", "email_verification")
    .where("created_at", ">", new Date(now.getTime() - VERIFICATION_RESEND_GAP_MS).toISOString())
    .executeTakeFirst();
  if (recent) return "too-soon";
  const token = await signToken(
    "verify-email",
    { u: userId, e: user.email.toLowerCase() },
    new Date(now.getTime() + VERIFICATION_LINK_TTL_MS),
  );
  const url = `${siteOrigin()}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueEmails(
    executor,
    [
      {
        userId,
        to: user.email,
        kind: "email_verification",
        preference: null,
        content: verificationEmail(user.username, url),
      },
    ],
    now,
  );
  return "queued";
}

/** requestVerification outside any transaction: the resend button of the preferences page. */
export function resendVerification(userId: number): Promise<VerificationRequest> {
  return requestVerification(db, userId);
}

export type VerificationOutcome = "confirmed" | "invalid" | "expired";

/** Confirms the address a verification link was sent to, if the account still has it. */
export async function confirmEmail(
  token: string,
  now: Date = new Date(),
): Promise<VerificationOutcome> {
  const check = await readToken("verify-email", token, now);
  if (!check.ok) return check.reason;
  const { u, e } = check.data;
  if (typeof u !== "number" || typeof e !== "string") return "invalid";
  const user = await db
    .selectFrom("users")
    .select(["email", "email_verified_at"])
    .where("id", "=", u)
    .executeTakeFirst();
  if (!user?.email || user.email.toLowerCase() !== e) return "invalid";
  if (!user.email_verified_at) {
    await db
      .updateTable("users")
      .set({ email_verified_at: now.toISOString() })
      .where("id", "=", u)
      .where("email_verified_at", "is", null)
      .execute();
  }
  return "confirmed";
}

/** Whether the user's address is confirmed, for the preferences page. */
export async function emailStatus(
  userId: number,
): Promise<{ email: string | null; verified: boolean }> {
  const user = await db
    .selectFrom("users")
    .select(["email", "email_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return { email: user?.email ?? null, verified: Boolean(user?.email && user.email_verified_at) };
}
