import { decodeJwt } from "jose";
import { z } from "zod";
import { formatDateTime } from "./time";
import {
  affiliateUidField,
  blankAsMissing,
  INVALID_JWT_FORMAT,
  tokenField,
} from "./provider-token-form";

/**
 * The provider's API token as the admin API-token page sees it (docs/product.md §A2, §A3, §A4):
 * its claims, read with jose's decodeJwt (the signature is the provider's business), and the
 * metadata and status shown for it. The token itself is never shown.
 */

/**
 * A token is "expiring soon" with this many hours or fewer left: the provider's tokens last 24
 * hours (exp - iat = 86400), so a rule in days would call every token expiring.
 */
export const TOKEN_EXPIRING_HOURS = 6;
const HOUR_MS = 3_600_000;
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

/**
 * What the server accepts: the form's rules, and a token decodeJwt can read. Both fields are
 * optional here; the route requires the code unless the environment gives it.
 */
export const savedTokenSchema = z.object({
  token: z.preprocess(
    blankAsMissing,
    tokenField
      .transform((token, ctx) => {
        const claims = readTokenClaims(token);
        if (!claims) {
          ctx.addIssue({ code: "custom", message: INVALID_JWT_FORMAT });
          return z.NEVER;
        }
        return { token, claims };
      })
      .optional(),
  ),
  affiliateUid: affiliateUidField,
});

export type ParsedToken = NonNullable<z.infer<typeof savedTokenSchema>["token"]>;

/** The settings an admin saves: a token (or none: the provider is called without one) and a code. */
export interface ProviderSettingsInput {
  token: ParsedToken | null;
  affiliateUid: string | null;
}

/**
 * The settings to save from what was typed, and the code a connection test uses (the typed one,
 * else GOATED_AFFILIATE_UID's); null when neither gives a code.
 */
export function settingsFromInput(
  value: { token?: ParsedToken | undefined; affiliateUid?: string | undefined },
  environmentAffiliateUid: string | undefined,
): { settings: ProviderSettingsInput; affiliateUid: string } | null {
  const affiliateUid = value.affiliateUid ?? environmentAffiliateUid;
  if (!affiliateUid) return null;
  return {
    settings: { token: value.token ?? null, affiliateUid: value.affiliateUid ?? null },
    affiliateUid,
  };
}

/** The newest sync that used the saved settings (or the environment's), as the pages tell it. */
export interface LastProviderSync {
  outcome: "success" | "failed";
  /** When it finished. */
  at: string;
  /** The provider's HTTP status when it answered with an error. */
  httpStatus: number | null;
  error: string | null;
  players: number;
}

/** The provider refused the token: 401 or 403. */
export function isRefusal(sync: Pick<LastProviderSync, "outcome" | "httpStatus"> | null): boolean {
  return sync?.outcome === "failed" && (sync.httpStatus === 401 || sync.httpStatus === 403);
}

/** docs/product.md §A3 "API token metadata", as the page and `GET /api/admin/api-tokens/goated` give it. */
export interface TokenMetadata {
  /** Whether provider settings are saved (a token, or a code alone). */
  exists: boolean;
  isExpired: boolean;
  /** TOKEN_EXPIRING_HOURS or fewer left. */
  isExpiring: boolean;
  /** Whole days left, rounded up (0 once expired); null without a token or an expiry. */
  daysLeft: number | null;
  /** Whole hours left, rounded up (0 once expired); null without a token or an expiry. */
  hoursLeft: number | null;
  expiresAt: string | null;
  created: string | null;
  lastUsed: string | null;
  metadata: { decodedInfo: { uid: string } } | null;
  /** False when the code was saved without a token (the provider is called without one). */
  hasToken: boolean;
  /** The saved affiliate (referral) code; null when none was saved. */
  affiliateUid: string | null;
  /** The newest finished sync with these settings; null before the first. */
  lastSync: LastProviderSync | null;
}

export interface StoredToken {
  /** null: saved without a token. */
  claims: TokenClaims | null;
  affiliateUid: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  lastSync: LastProviderSync | null;
}

export const NO_TOKEN: TokenMetadata = {
  exists: false,
  isExpired: false,
  isExpiring: false,
  daysLeft: null,
  hoursLeft: null,
  expiresAt: null,
  created: null,
  lastUsed: null,
  metadata: null,
  hasToken: false,
  affiliateUid: null,
  lastSync: null,
};

export function tokenMetadata(stored: StoredToken | null, now: Date): TokenMetadata {
  if (!stored) return NO_TOKEN;
  const expiresAt = stored.claims?.expiresAt ?? null;
  const msLeft = expiresAt === null ? null : Date.parse(expiresAt) - now.getTime();
  const isExpired = msLeft !== null && msLeft <= 0;
  const left = (unit: number) =>
    msLeft === null ? null : isExpired ? 0 : Math.ceil(msLeft / unit);
  return {
    exists: true,
    isExpired,
    isExpiring: !isExpired && msLeft !== null && msLeft <= TOKEN_EXPIRING_HOURS * HOUR_MS,
    daysLeft: left(DAY_MS),
    hoursLeft: left(HOUR_MS),
    expiresAt,
    created: stored.createdAt,
    lastUsed: stored.lastUsedAt,
    metadata: stored.claims ? { decodedInfo: { uid: stored.claims.uid } } : null,
    hasToken: stored.claims !== null,
    affiliateUid: stored.affiliateUid,
    lastSync: stored.lastSync,
  };
}

/**
 * docs/product.md §A4 "Token status", and what the provider said: a token whose last sync it
 * refused is never "valid", and a code saved without a token is "tokenless".
 */
export type TokenStatus = "none" | "refused" | "expired" | "expiring" | "valid" | "tokenless";

export function tokenStatusOf(metadata: TokenMetadata): TokenStatus {
  if (!metadata.exists) return "none";
  if (isRefusal(metadata.lastSync)) return "refused";
  if (!metadata.hasToken) return "tokenless";
  if (metadata.isExpired) return "expired";
  return metadata.isExpiring ? "expiring" : "valid";
}

/** The banners' titles, which the admin panel's card also shows. */
export const TOKEN_STATUS_TITLES: Record<TokenStatus, string> = {
  none: "No Token Found",
  refused: "Token Refused",
  expired: "Token Expired",
  expiring: "Token Expiring Soon",
  valid: "Token Valid",
  tokenless: "No Token Needed",
};

/** "The provider refused the last sync at …: HTTP error! status: 403 (Forbidden)." */
export function describeRefusal(sync: LastProviderSync): string {
  const said = sync.error ?? `HTTP error! status: ${sync.httpStatus}`;
  return `The provider refused the last sync at ${formatDateTime(sync.at)}: ${said}.`;
}

export const TOKEN_READ_FAILED = "Error: Failed to fetch token information.";

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "5 hours", or "3 days" once more than two days are left. */
function timeLeft(metadata: TokenMetadata): string {
  const hours = metadata.hoursLeft ?? 0;
  return hours > 48 ? plural(metadata.daysLeft ?? 0, "day") : plural(hours, "hour");
}

/** The banner of the Current Token tab. */
export function tokenBanner(metadata: TokenMetadata): {
  status: TokenStatus;
  title: string;
  text: string;
} {
  const status = tokenStatusOf(metadata);
  const { lastSync } = metadata;
  const text = {
    none: "No provider settings are saved: the site shows demo data. Add them in the Add New Token tab.",
    refused: lastSync
      ? `${describeRefusal(lastSync)} Add a new token in the Add New Token tab.`
      : "",
    expired: "The saved token has expired. Add a new one in the Add New Token tab.",
    expiring: `The saved token will expire in ${timeLeft(metadata)}. Add a new one soon.`,
    valid:
      metadata.hoursLeft === null
        ? "The saved token does not expire."
        : `The saved token is valid for ${timeLeft(metadata)} more.`,
    tokenless: "The provider is called with the affiliate code alone, without a token.",
  }[status];
  // A failure that is no refusal (the provider down, a bad answer) is told too.
  const failed =
    status !== "refused" && lastSync?.outcome === "failed" && lastSync.error
      ? ` The last sync failed at ${formatDateTime(lastSync.at)}: ${lastSync.error}.`
      : "";
  return { status, title: TOKEN_STATUS_TITLES[status], text: text + failed };
}

/** The in-app notice the admins get once when the saved token is about to expire, or has. */
export function tokenExpiryNotice(metadata: TokenMetadata): {
  title: string;
  message: string;
} | null {
  if (!metadata.hasToken || metadata.expiresAt === null) return null;
  if (!metadata.isExpiring && !metadata.isExpired) return null;
  const when = formatDateTime(metadata.expiresAt);
  return metadata.isExpiring
    ? {
        title: "API token expiring soon",
        message: `The provider API token will expire in ${timeLeft(metadata)} (${when}). Add a new one at /admin/api-tokens.`,
      }
    : {
        title: "API token expired",
        message: `The provider API token expired at ${when}. Add a new one at /admin/api-tokens.`,
      };
}

/** The notice the admins get once when the provider starts refusing the sync's token. */
export function syncRefusalNotice(sync: LastProviderSync): { title: string; message: string } {
  return {
    title: "Provider refused the sync",
    message: `${describeRefusal(sync)} The leaderboards keep their last data until a working token is saved at /admin/api-tokens.`,
  };
}

/** Where the sync's settings come from: the environment wins over the admin's, else demo data. */
export type ProviderSource = "environment" | "admin" | "demo";

export const PROVIDER_SOURCE_LABELS: Record<ProviderSource, string> = {
  environment: "Environment (GOATED_API_TOKEN)",
  admin: "Saved in admin",
  demo: "Demo data",
};

export interface ProviderSettingsInForce {
  source: ProviderSource;
  /** null: called without a token (or demo). */
  token: string | null;
  /** null for demo, or when nothing gives the code. */
  affiliateUid: string | null;
  /** The saved settings (provider_tokens.id) in use; null for environment or demo. */
  savedId: number | null;
}

/**
 * What the sync uses: GOATED_API_TOKEN (with GOATED_AFFILIATE_UID, else the saved code), else the
 * admin-saved settings (GOATED_AFFILIATE_UID still wins for the code), else the demo source.
 */
export function providerSettingsInForce(
  env: { token?: string | undefined; affiliateUid?: string | undefined },
  saved: { id: number; token: string; affiliateUid: string | null } | null,
): ProviderSettingsInForce {
  if (env.token) {
    const affiliateUid = env.affiliateUid ?? saved?.affiliateUid ?? null;
    return { source: "environment", token: env.token, affiliateUid, savedId: null };
  }
  if (saved) {
    const affiliateUid = env.affiliateUid ?? saved.affiliateUid;
    return { source: "admin", token: saved.token || null, affiliateUid, savedId: saved.id };
  }
  return { source: "demo", token: null, affiliateUid: null, savedId: null };
}

/** What 'Test connection' answers: the players the provider gave, or its refusal. */
export type ConnectionTestResult =
  { ok: true; players: number } | { ok: false; httpStatus: number | null; message: string };

/** One fetch with the typed settings; saves nothing (the provider's client does it). */
export type ProviderConnectionTest = (settings: {
  token: string | null;
  affiliateUid: string;
}) => Promise<ConnectionTestResult>;

/** The page's line about a connection test. */
export function describeConnectionTest(result: ConnectionTestResult): string {
  if (result.ok) {
    return `Connection works: the provider answered with ${result.players.toLocaleString("en-US")} players. Nothing is saved until you save.`;
  }
  const status = result.httpStatus === null ? "" : ` (HTTP ${result.httpStatus})`;
  return `The provider did not answer with data${status}: ${result.message}`;
}

/**
 * The truth for the admin panel's card and /readyz: the source in force, the saved settings'
 * status in the API-token page's banner words (the environment's refusal when its token is in
 * force and refused), and that refusal, if any.
 */
export interface ProviderHealth {
  source: ProviderSource;
  title: string;
  refusal: LastProviderSync | null;
}

export function providerHealth(
  source: ProviderSource,
  saved: TokenMetadata,
  environmentSync: LastProviderSync | null,
): ProviderHealth {
  // The environment's token refused is told first; else the saved settings' status, as the page.
  if (source === "environment" && isRefusal(environmentSync)) {
    return { source, title: TOKEN_STATUS_TITLES.refused, refusal: environmentSync };
  }
  const status = tokenStatusOf(saved);
  return {
    source,
    title: TOKEN_STATUS_TITLES[status],
    refusal: status === "refused" ? saved.lastSync : null,
  };
}
