import { randomBytes, scryptSync } from "node:crypto";
import { hashParameters } from "~/services/passwords.server";

/**
 * A hash as the site stored it before passwords were kept exactly as typed (scheme `scrypt`, made
 * from the trimmed, NFKC-normalised password), for tests of existing accounts. At the cost new
 * hashes get (lowered in the unit tests but those about hashing).
 */
export function legacyPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const { N, r, p } = hashParameters();
  const key = scryptSync(password.trim().normalize("NFKC"), salt, 64, {
    N,
    r,
    p,
    maxmem: 256 * 1024 * 1024,
  });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}
