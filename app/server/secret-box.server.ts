import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { sessionSecret } from "./config.server";

/**
 * Secrets the server must read back (an admin's TOTP secret) are stored sealed with AES-256-GCM,
 * under a key derived from SESSION_SECRET with HKDF (docs/decisions/0020): a copy of the database
 * alone does not yield them. `context` (such as "user_totp:12") is bound to the sealed text as
 * associated data, so a sealed value copied to another row does not open there.
 */
const FORMAT = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret(), "", "goatedvips sealed secrets", 32));
}

export function sealSecret(plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), sealed].map(encode).join(".");
}

/** The plain text, or null when it does not open (another SESSION_SECRET, another row, altered). */
export function openSecret(sealed: string, context: string): string | null {
  const [format, iv, tag, body] = sealed.split(".");
  if (format !== FORMAT || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

function encode(part: string | Buffer): string {
  return typeof part === "string" ? part : part.toString("base64url");
}
