import { z } from "zod";

/**
 * Two-step sign-in for admins (docs/product.md §A10, docs/decisions/0020): TOTP as RFC 6238
 * defines it with the defaults every authenticator app reads (30-second steps, 6 digits,
 * HMAC-SHA-1), a code accepted one step early or late, and ten one-time recovery codes.
 * Import only from route modules and *.server.ts files (zod stays out of the browser bundle).
 */
export const TOTP_SETTINGS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
/** Steps either side of now whose codes are still accepted (clock drift, typing time). */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = "GoatedVIPs";
export const RECOVERY_CODE_COUNT = 10;
/** How long the code step of a sign-in waits after the right password. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;

export const CODE_REQUIRED = "Code is required";
export const INVALID_CODE = "Invalid code";
export const PROOF_REQUIRED = "Password or code is required";
export const WRONG_PROOF = "Wrong password or code";
export const TWO_STEP_REQUIRED = "Enter the code from your authenticator app";
export const SIGN_IN_EXPIRED = "Your sign-in took too long. Please sign in again.";
export const TWO_STEP_ENABLED = "Two-step sign-in is on";
export const TWO_STEP_DISABLED = "Two-step sign-in is off";
export const RECOVERY_CODES_REGENERATED = "New recovery codes";
export const NO_ENROLMENT = "Start again: turn on two-step sign-in first.";

/** What a typed code is: a 6-digit TOTP code, a recovery code, or neither. */
export type TypedCode = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

/**
 * Reads a code as typed: spaces anywhere are ignored; six digits are a TOTP code; 16 letters and
 * digits of base32 (dashes, spaces and case ignored) are a recovery code.
 */
export function readTypedCode(typed: string): TypedCode | null {
  const compact = typed.replace(/\s+/g, "");
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  const recovery = compact.replace(/-/g, "").toLowerCase();
  if (/^[a-z2-7]{16}$/.test(recovery)) return { kind: "recovery", code: recovery };
  return null;
}

/** A recovery code as shown: four groups of four, "abcd-efgh-ijkl-mnop". */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The secret as shown for typing into an app: groups of four. */
export function groupSecret(base32: string): string {
  return base32.match(/.{1,4}/g)?.join(" ") ?? base32;
}

/** The code step of a sign-in, and the enrolment's confirmation. */
export const twoStepCodeSchema = z.object({
  code: z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(64, INVALID_CODE),
});

/** Turning two-step sign-in off, or new recovery codes: the password or a code again. */
export const twoStepProofSchema = z.object({
  proof: z
    .string({ error: PROOF_REQUIRED })
    .refine((proof) => proof.trim() !== "", PROOF_REQUIRED)
    .refine((proof) => proof.length <= 256, WRONG_PROOF),
});
