import { randomBytes, scryptSync } from "node:crypto";
import { hashParameters } from "~/services/auth/passwords.server";

/** scrypt of `password` in the stored form `scheme$N$r$p$salt$hash`, at the scrypt cost in force. */
function scryptHash(scheme: "scrypt" | "scrypt2", password: string): string {
  const salt = randomBytes(16);
  const { N, r, p } = hashParameters();
  const key = scryptSync(password, salt, 64, { N, r, p, maxmem: 256 * 1024 * 1024 });
  return [scheme, N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * A hash as the site stored it before passwords were kept exactly as typed (scheme `scrypt`, made
 * from the trimmed, NFKC-normalised password), for tests of existing accounts. At the cost new
 * hashes got (lowered in the unit tests but those about hashing).
 */
export function legacyPasswordHash(password: string): string {
  return scryptHash("scrypt", password.trim().normalize("NFKC"));
}

/** A hash as the site stored it before argon2id (scheme `scrypt2`, the password as typed). */
export function scryptPasswordHash(password: string): string {
  return scryptHash("scrypt2", password);
}
