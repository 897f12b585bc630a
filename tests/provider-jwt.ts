import { SignJWT } from "jose";

const SECRET = new TextEncoder().encode("a-test-secret-of-the-fake-provider");

/**
 * A token shaped like the provider's (HS256 JWT with `uid`, `iat`, `exp`); `expiresAt` null
 * leaves `exp` out. The site reads its claims and never checks the signature.
 */
export function providerJwt({
  uid = "goated-uid-1",
  issuedAt = new Date("2026-01-01T00:00:00.000Z"),
  expiresAt,
}: {
  uid?: string;
  issuedAt?: Date;
  expiresAt: Date | null;
}): Promise<string> {
  const jwt = new SignJWT({ uid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000));
  if (expiresAt) jwt.setExpirationTime(Math.floor(expiresAt.getTime() / 1000));
  return jwt.sign(SECRET);
}
