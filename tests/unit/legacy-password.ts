import { randomBytes, scryptSync } from "node:crypto";

/**
 * A hash as the site stored it before passwords were kept exactly as typed (scheme `scrypt`, made
 * from the trimmed, NFKC-normalised password), for tests of existing accounts.
 */
export function legacyPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.trim().normalize("NFKC"), salt, 64, {
    N: 2 ** 17,
    r: 8,
    p: 1,
    maxmem: 256 * 1024 * 1024,
  });
  return ["scrypt", 2 ** 17, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}
