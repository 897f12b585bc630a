import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "./config.server";

/**
 * Tokens for links in e-mails (confirm an address, unsubscribe): the payload in base64url, a dot,
 * and its HMAC-SHA256 under a key derived from the session secret. The purpose is signed with it,
 * so an unsubscribe token never confirms an address; `exp` bounds its life.
 */

function mac(purpose: string, body: string): Buffer {
  const key = createHmac("sha256", sessionSecret()).update("signed-token").digest();
  return createHmac("sha256", key).update(`${purpose}.${body}`).digest();
}

export function signToken(
  purpose: string,
  data: Record<string, string | number>,
  expiresAt: Date,
): string {
  const body = Buffer.from(JSON.stringify({ ...data, exp: expiresAt.getTime() })).toString(
    "base64url",
  );
  return `${body}.${mac(purpose, body).toString("base64url")}`;
}

/** Base64url as signToken writes it: no padding, nothing else (Node's decoder skips junk). */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type TokenCheck =
  { ok: true; data: Record<string, unknown> } | { ok: false; reason: "invalid" | "expired" };

/** Reads a token made by signToken for `purpose`: invalid when altered, expired after `exp`. */
export function readToken(purpose: string, token: string, now: Date = new Date()): TokenCheck {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  if (!BASE64URL.test(body) || !BASE64URL.test(signature)) return { ok: false, reason: "invalid" };
  // The signature's exact text is compared, not its decoded bytes: another spelling of the same
  // bytes (extra characters, other final bits) is another token.
  const expected = Buffer.from(mac(purpose, body).toString("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "invalid" };
  }
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (
    typeof data !== "object" ||
    data === null ||
    typeof (data as { exp?: unknown }).exp !== "number"
  ) {
    return { ok: false, reason: "invalid" };
  }
  if ((data as { exp: number }).exp <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, data: data as Record<string, unknown> };
}
