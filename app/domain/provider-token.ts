import { decodeJwt } from "jose";
import { z } from "zod";
import { INVALID_JWT_FORMAT, tokenField } from "./provider-token-form";

/**
 * The provider's API token as the admin API-token page sees it (docs/product.md §A2, §A3, §A4):
 * its claims, read with jose's decodeJwt (the signature is the provider's business), and the
 * metadata and status shown for it. The token itself is never shown.
 */

/** A token is "expiring soon" with this many days or fewer left. */
export const TOKEN_EXPIRING_DAYS = 7;
const DAY_MS = 86_400_000;

export interface TokenClaims {
  /** The provider account the token belongs to; "" when the token does not say. */
  uid: string;
  /** When it expires (ISO-8601), from `exp`; null when it never does. */
  expiresAt: string | null;
  /** When it was issued (ISO-8601), from `iat`; null when unknown. */
  issuedAt: string | null;
}

const instantOf = (seconds: unknown): string | null =>
  typeof seconds === "number" && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : null;

/** The claims of a JWT, or null when it is not one (decodeJwt refuses it). */
export function readTokenClaims(token: string): TokenClaims | null {
  try {
    const claims = decodeJwt(token);
    const uid = claims.uid;
    return {
      uid: typeof uid === "string" || typeof uid === "number" ? String(uid) : "",
      expiresAt: instantOf(claims.exp),
      issuedAt: instantOf(claims.iat),
    };
  } catch {
    return null;
  }
}

/** What the server accepts: the form's rules, and a payload decodeJwt can read. */
export const savedTokenSchema = z.object({
  token: tokenField.transform((token, ctx) => {
    const claims = readTokenClaims(token);
    if (!claims) {
      ctx.addIssue({ code: "custom", message: INVALID_JWT_FORMAT });
      return z.NEVER;
    }
    return { token, claims };
  }),
});

export type ParsedToken = z.infer<typeof savedTokenSchema>["token"];

/** docs/product.md §A3 "API token metadata", as the page and `GET /api/admin/api-tokens/goated` give it. */
export interface TokenMetadata {
  exists: boolean;
  isExpired: boolean;
  isExpiring: boolean;
  /** Whole days left, rounded up (0 once expired); null without a token or an expiry. */
  daysLeft: number | null;
  expiresAt: string | null;
  created: string | null;
  lastUsed: string | null;
  metadata: { decodedInfo: { uid: string } } | null;
}

export interface StoredToken {
  claims: TokenClaims;
  createdAt: string;
  lastUsedAt: string | null;
}

export const NO_TOKEN: TokenMetadata = {
  exists: false,
  isExpired: false,
  isExpiring: false,
  daysLeft: null,
  expiresAt: null,
  created: null,
  lastUsed: null,
  metadata: null,
};

export function tokenMetadata(stored: StoredToken | null, now: Date): TokenMetadata {
  if (!stored) return NO_TOKEN;
  const { expiresAt } = stored.claims;
  const msLeft = expiresAt === null ? null : Date.parse(expiresAt) - now.getTime();
  const isExpired = msLeft !== null && msLeft <= 0;
  const daysLeft = msLeft === null ? null : isExpired ? 0 : Math.ceil(msLeft / DAY_MS);
  return {
    exists: true,
    isExpired,
    isExpiring: !isExpired && daysLeft !== null && daysLeft <= TOKEN_EXPIRING_DAYS,
    daysLeft,
    expiresAt,
    created: stored.createdAt,
    lastUsed: stored.lastUsedAt,
    metadata: { decodedInfo: { uid: stored.claims.uid } },
  };
}

/** docs/product.md §A4 "Token status". */
export type TokenStatus = "none" | "expired" | "expiring" | "valid";

export function tokenStatusOf(metadata: TokenMetadata): TokenStatus {
  if (!metadata.exists) return "none";
  if (metadata.isExpired) return "expired";
  return metadata.isExpiring ? "expiring" : "valid";
}

/** The banners' titles, which the admin panel's card also shows. */
export const TOKEN_STATUS_TITLES: Record<TokenStatus, string> = {
  none: "No Token Found",
  expired: "Token Expired",
  expiring: "Token Expiring Soon",
  valid: "Token Valid",
};

export const TOKEN_READ_FAILED = "Error: Failed to fetch token information.";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The banner of the Current Token tab. */
export function tokenBanner(metadata: TokenMetadata): {
  status: TokenStatus;
  title: string;
  text: string;
} {
  const status = tokenStatusOf(metadata);
  const left = metadata.daysLeft;
  const text = {
    none: "No API token has been saved. Add one in the Add New Token tab.",
    expired: "The saved token has expired. Add a new one in the Add New Token tab.",
    expiring: `The saved token will expire in ${days(left ?? 0)}. Add a new one soon.`,
    valid:
      left === null
        ? "The saved token does not expire."
        : `The saved token is valid for ${days(left)} more.`,
  }[status];
  return { status, title: TOKEN_STATUS_TITLES[status], text };
}

/** The in-app notice the admins get once when the saved token is about to expire, or has. */
export function tokenExpiryNotice(metadata: TokenMetadata): {
  title: string;
  message: string;
} | null {
  const status = tokenStatusOf(metadata);
  if (status !== "expiring" && status !== "expired") return null;
  const when = metadata.expiresAt?.slice(0, 10) ?? "";
  return status === "expiring"
    ? {
        title: "API token expiring soon",
        message: `The provider API token will expire in ${days(metadata.daysLeft ?? 0)} (${when}). Add a new one at /admin/api-tokens.`,
      }
    : {
        title: "API token expired",
        message: `The provider API token expired on ${when}. Add a new one at /admin/api-tokens.`,
      };
}
