import { describe, expect, it } from "vitest";
import { providerJwt } from "../../provider-jwt";
import {
  NO_TOKEN,
  providerHealth,
  providerSettingsInForce,
  readTokenClaims,
  savedTokenSchema,
  settingsFromInput,
  syncRefusalNotice,
  tokenBanner,
  tokenExpiryNotice,
  tokenMetadata,
} from "~/domain/provider-token";
import type { LastProviderSync } from "~/domain/provider-token";
import { providerTokenFormSchema, tokenTabOf } from "~/domain/provider-token-form";

// A fixed clock: every expiry below is measured from it.
const now = new Date("2026-11-21T12:00:00.000Z");
const DAY = 86_400_000;
const inDays = (days: number) => new Date(now.getTime() + days * DAY);
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const CREATED = "2026-11-01T08:00:00.000Z";

async function metadataOf(
  expiresAt: Date | null,
  lastUsedAt: string | null = null,
  lastSync: LastProviderSync | null = null,
) {
  const claims = readTokenClaims(await providerJwt({ uid: "u-42", expiresAt }));
  if (!claims) throw new Error("the test token must decode");
  return tokenMetadata(
    { claims, affiliateUid: "2RW440E", createdAt: CREATED, lastUsedAt, lastSync },
    now,
  );
}

const refused: LastProviderSync = {
  outcome: "failed",
  at: "2026-11-21T11:59:00.000Z",
  httpStatus: 403,
  error: "HTTP error! status: 403 (Token expired or revoked)",
  players: 0,
};

describe("token metadata", () => {
  it("a valid token: days left rounded up, the uid, created and last used", async () => {
    const used = "2026-11-21T11:55:00.000Z";
    expect(await metadataOf(inDays(30), used)).toEqual({
      exists: true,
      isExpired: false,
      isExpiring: false,
      daysLeft: 30,
      hoursLeft: 720,
      expiresAt: inDays(30).toISOString(),
      created: CREATED,
      lastUsed: used,
      metadata: { decodedInfo: { uid: "u-42" } },
      hasToken: true,
      affiliateUid: "2RW440E",
      lastSync: null,
    });
    expect(tokenBanner(await metadataOf(inDays(30)))).toEqual({
      status: "valid",
      title: "Token Valid",
      text: "The saved token is valid for 30 days more.",
    });
  });

  it("expiring soon: 6 hours or fewer left, so a fresh 24-hour token is valid", async () => {
    // The provider's tokens last 24 hours (exp - iat = 86400).
    expect(await metadataOf(inHours(24))).toMatchObject({
      isExpiring: false,
      hoursLeft: 24,
      daysLeft: 1,
    });
    expect(tokenBanner(await metadataOf(inHours(24)))).toEqual({
      status: "valid",
      title: "Token Valid",
      text: "The saved token is valid for 24 hours more.",
    });
    expect(await metadataOf(inHours(6.5))).toMatchObject({ isExpiring: false, hoursLeft: 7 });
    expect(await metadataOf(inHours(6))).toMatchObject({ isExpiring: true, hoursLeft: 6 });
    expect(tokenBanner(await metadataOf(inHours(3)))).toEqual({
      status: "expiring",
      title: "Token Expiring Soon",
      text: "The saved token will expire in 3 hours. Add a new one soon.",
    });
    expect(tokenBanner(await metadataOf(inHours(0.5))).text).toContain("will expire in 1 hour.");
  });

  it("expired: at or after its expiry, 0 days left", async () => {
    expect(await metadataOf(now)).toMatchObject({
      isExpired: true,
      isExpiring: false,
      daysLeft: 0,
    });
    expect(await metadataOf(inDays(-3))).toMatchObject({ isExpired: true, daysLeft: 0 });
    expect(tokenBanner(await metadataOf(inDays(-3))).title).toBe("Token Expired");
  });

  it("a token without exp never expires", async () => {
    expect(await metadataOf(null)).toMatchObject({
      isExpired: false,
      isExpiring: false,
      daysLeft: null,
      expiresAt: null,
    });
    expect(tokenBanner(await metadataOf(null)).title).toBe("Token Valid");
  });

  it("a token whose last sync the provider refused is 'Token Refused', never 'Token Valid'", async () => {
    const metadata = await metadataOf(inHours(20), null, refused);
    expect(tokenBanner(metadata)).toEqual({
      status: "refused",
      title: "Token Refused",
      text: "The provider refused the last sync at Nov 21, 2026, 11:59 UTC: HTTP error! status: 403 (Token expired or revoked). Add a new token in the Add New Token tab.",
    });
    // A later success clears it; a failure that is no refusal is told, but the token stays valid.
    const ok = { ...refused, outcome: "success" as const, httpStatus: null, error: null };
    expect(tokenBanner(await metadataOf(inHours(20), null, ok)).title).toBe("Token Valid");
    const down = { ...refused, httpStatus: 500, error: "HTTP error! status: 500" };
    expect(tokenBanner(await metadataOf(inHours(20), null, down))).toMatchObject({
      status: "valid",
      text: expect.stringContaining(
        "The last sync failed at Nov 21, 2026, 11:59 UTC: HTTP error! status: 500.",
      ),
    });
    expect(syncRefusalNotice(refused).title).toBe("Provider refused the sync");
  });

  it("a code saved without a token: 'No Token Needed', no expiry", () => {
    const metadata = tokenMetadata(
      {
        claims: null,
        affiliateUid: "2RW440E",
        createdAt: CREATED,
        lastUsedAt: null,
        lastSync: null,
      },
      now,
    );
    expect(metadata).toMatchObject({
      exists: true,
      hasToken: false,
      metadata: null,
      hoursLeft: null,
    });
    expect(tokenBanner(metadata).title).toBe("No Token Needed");
    expect(tokenExpiryNotice(metadata)).toBeNull();
  });

  it("the environment wins, then the saved settings, then demo; its refusal is told", () => {
    const saved = { id: 4, token: "jwt", affiliateUid: "SAVED1" };
    expect(providerSettingsInForce({ token: "env", affiliateUid: "ENV1" }, saved)).toEqual({
      source: "environment",
      token: "env",
      affiliateUid: "ENV1",
      savedId: null,
    });
    expect(providerSettingsInForce({ affiliateUid: "ENV1" }, saved)).toEqual({
      source: "admin",
      token: "jwt",
      affiliateUid: "ENV1",
      savedId: 4,
    });
    expect(providerSettingsInForce({}, { ...saved, token: "" })).toEqual({
      source: "admin",
      token: null,
      affiliateUid: "SAVED1",
      savedId: 4,
    });
    expect(providerSettingsInForce({ affiliateUid: "ENV1" }, null)).toMatchObject({
      source: "demo",
    });
    expect(providerHealth("environment", NO_TOKEN, refused)).toEqual({
      source: "environment",
      title: "Token Refused",
      refusal: refused,
    });
    expect(providerHealth("environment", NO_TOKEN, null)).toMatchObject({
      title: "No Token Found",
      refusal: null,
    });
    expect(providerHealth("demo", NO_TOKEN, null)).toMatchObject({ title: "No Token Found" });
  });

  it("no token: exists false, the rest null, 'No Token Found'", () => {
    expect(tokenMetadata(null, now)).toEqual(NO_TOKEN);
    expect(tokenBanner(NO_TOKEN).title).toBe("No Token Found");
  });

  it("a malformed token has no claims", () => {
    expect(readTokenClaims("not-a-jwt")).toBeNull();
    expect(readTokenClaims("aaaaaaaaaaaa.bbbbbbbbbbbbbbbb.cccccccccc")).toBeNull();
  });

  it("the expiry notice: only for a token expiring within 6 hours, or expired", async () => {
    expect(tokenExpiryNotice(await metadataOf(inDays(30)))).toBeNull();
    expect(tokenExpiryNotice(await metadataOf(inHours(23)))).toBeNull();
    expect(tokenExpiryNotice(NO_TOKEN)).toBeNull();
    expect(tokenExpiryNotice(await metadataOf(inHours(5)))).toEqual({
      title: "API token expiring soon",
      message:
        "The provider API token will expire in 5 hours (Nov 21, 2026, 17:00 UTC). Add a new one at /admin/api-tokens.",
    });
    expect(tokenExpiryNotice(await metadataOf(inDays(-1)))?.title).toBe("API token expired");
  });
});

describe("the token form", () => {
  const errorsOf = (token: unknown) => {
    const parsed = savedTokenSchema.safeParse({ token });
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("needs 20 characters, then the JWT shape, then claims jose can read", async () => {
    // No token at all is allowed: some endpoints answer without one.
    expect(errorsOf(undefined)).toEqual([]);
    expect(errorsOf("  ")).toEqual([]);
    expect(errorsOf("   short.to.ken   ")).toEqual(["Token must be at least 20 characters long"]);
    expect(errorsOf("this is not a jwt token at all")).toEqual(["Invalid JWT token format"]);
    expect(errorsOf("aaaaaaaaaaaa.bbbbbbbbbbbbbbbb.cccccccccc")).toEqual([
      "Invalid JWT token format",
    ]);
    const token = await providerJwt({ uid: "u-7", expiresAt: inDays(10) });
    const parsed = savedTokenSchema.parse({ token: `  ${token}\n` });
    expect(parsed.token?.token).toBe(token);
    expect(parsed.token?.claims).toEqual({
      uid: "u-7",
      expiresAt: inDays(10)
        .toISOString()
        .replace(/\.\d{3}Z$/, ".000Z"),
      issuedAt: "2026-01-01T00:00:00.000Z",
    });
    // The browser's copy of the rules: the same messages, without reading claims.
    expect(
      providerTokenFormSchema.safeParse({ token: "x".repeat(19) }).error?.issues[0]?.message,
    ).toBe("Token must be at least 20 characters long");
  });

  it("the affiliate code: letters, digits, - and _; needed unless the environment gives it", () => {
    expect(savedTokenSchema.parse({ affiliateUid: " 2RW440E " })).toEqual({
      token: undefined,
      affiliateUid: "2RW440E",
    });
    expect(savedTokenSchema.safeParse({ affiliateUid: "2RW/440E" }).error?.issues[0]?.message).toBe(
      "The affiliate code has letters, digits, - and _ only",
    );
    expect(settingsFromInput({}, undefined)).toBeNull();
    expect(settingsFromInput({}, "ENV1")).toEqual({
      settings: { token: null, affiliateUid: null },
      affiliateUid: "ENV1",
    });
    expect(settingsFromInput({ affiliateUid: "2RW440E" }, "ENV1")).toEqual({
      settings: { token: null, affiliateUid: "2RW440E" },
      affiliateUid: "2RW440E",
    });
  });

  it("tabs: ?tab=add, anything else the current token", () => {
    expect(tokenTabOf("add")).toBe("add");
    expect(tokenTabOf("current")).toBe("current");
    expect(tokenTabOf(null)).toBe("current");
    expect(tokenTabOf("nonsense")).toBe("current");
  });
});
