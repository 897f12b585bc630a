import { createHmac, timingSafeEqual } from "node:crypto";
import { SignJWT, base64url, errors, jwtVerify } from "jose";
import { sessionSecret } from "./config.server";

/**
 * Tokens for links in e-mails (confirm an address, unsubscribe): JWTs signed with HS256 by `jose`
 * under a key derived from the session secret. The purpose is the audience, so an unsubscribe
 * token never confirms an address; `exp` bounds its life.
 */

/** A key of its own per use of the session secret, so no token of one kind reads as another. */
function derivedKey(label: string): Buffer {
  return createHmac("sha256", sessionSecret()).update(label).digest();
}

let linkKey: { secret: string; key: Promise<CryptoKey> } | undefined;

/** The JWTs' key, imported once per session secret: an import per token doubled a broadcast's signing. */
function jwtKey(): Promise<CryptoKey> {
  const secret = sessionSecret();
  if (linkKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      "raw",
      new Uint8Array(derivedKey("link-token")),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    linkKey = { secret, key };
  }
  return linkKey.key;
}

export async function signToken(
  purpose: string,
  data: Record<string, string | number>,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT(data)
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(purpose)
    .setExpirationTime(expiresAt)
    .sign(await jwtKey());
}

/** Base64url as signers write it: no padding, nothing else (decoders skip or forgive junk). */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type TokenCheck =
  { ok: true; data: Record<string, unknown> } | { ok: false; reason: "invalid" | "expired" };

const INVALID: TokenCheck = { ok: false, reason: "invalid" };

/**
 * Whether `text` is the one base64url spelling of its bytes: jose's decoder, like atob, ignores
 * the last character's spare bits, which would make other texts the same signature.
 */
function isOnlySpelling(text: string): boolean {
  try {
    return base64url.encode(base64url.decode(text)) === text;
  } catch {
    return false;
  }
}

/** Reads a token made by signToken for `purpose`: invalid when altered, expired after `exp`. */
export async function readToken(
  purpose: string,
  token: string,
  now: Date = new Date(),
): Promise<TokenCheck> {
  const parts = token.split(".");
  if (parts.length === 2) return readLegacyToken(purpose, token, now);
  const signature = parts[2];
  if (parts.length !== 3 || !signature || !parts.every((part) => BASE64URL.test(part))) {
    return INVALID;
  }
  if (!isOnlySpelling(signature)) return INVALID;
  try {
    const { payload } = await jwtVerify(token, await jwtKey(), {
      algorithms: ["HS256"],
      audience: purpose,
      requiredClaims: ["exp"],
      currentDate: now,
    });
    return { ok: true, data: payload };
  } catch (error) {
    return error instanceof errors.JWTExpired ? { ok: false, reason: "expired" } : INVALID;
  }
}

/**
 * Links e-mailed before tokens were JWTs (2026-11-27): the payload in base64url (`exp` in
 * milliseconds), a dot, and its HMAC-SHA256 over `${purpose}.${payload}`. Read until they expire:
 * the longest-lived, unsubscribe links, live 90 days (UNSUBSCRIBE_LINK_TTL_MS), so this can go
 * 90 days after the release that signs JWTs.
 */
function readLegacyToken(purpose: string, token: string, now: Date): TokenCheck {
  const [body, signature] = token.split(".");
  if (!body || !signature) return INVALID;
  if (!BASE64URL.test(body) || !BASE64URL.test(signature)) return INVALID;
  // The signature's exact text is compared, not its decoded bytes: another spelling of the same
  // bytes (extra characters, other final bits) is another token.
  const mac = createHmac("sha256", derivedKey("signed-token")).update(`${purpose}.${body}`);
  const expected = Buffer.from(mac.digest().toString("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return INVALID;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return INVALID;
  }
  if (
    typeof data !== "object" ||
    data === null ||
    typeof (data as { exp?: unknown }).exp !== "number"
  ) {
    return INVALID;
  }
  if ((data as { exp: number }).exp <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, data: data as Record<string, unknown> };
}
