import { describe, expect, it } from "vitest";
import { providerJwt } from "../../provider-jwt";
import {
  NO_TOKEN,
  readTokenClaims,
  savedTokenSchema,
  tokenBanner,
  tokenExpiryNotice,
  tokenMetadata,
} from "~/domain/provider-token";
import { providerTokenFormSchema, tokenTabOf } from "~/domain/provider-token-form";

// A fixed clock: every expiry below is measured from it.
const now = new Date("2026-11-21T12:00:00.000Z");
const DAY = 86_400_000;
const inDays = (days: number) => new Date(now.getTime() + days * DAY);
const CREATED = "2026-11-01T08:00:00.000Z";

async function metadataOf(expiresAt: Date | null, lastUsedAt: string | null = null) {
  const claims = readTokenClaims(await providerJwt({ uid: "u-42", expiresAt }));
  if (!claims) throw new Error("the test token must decode");
  return tokenMetadata({ claims, createdAt: CREATED, lastUsedAt }, now);
}

describe("token metadata", () => {
  it("a valid token: days left rounded up, the uid, created and last used", async () => {
    const used = "2026-11-21T11:55:00.000Z";
    expect(await metadataOf(inDays(30), used)).toEqual({
      exists: true,
      isExpired: false,
      isExpiring: false,
      daysLeft: 30,
      expiresAt: inDays(30).toISOString(),
      created: CREATED,
      lastUsed: used,
      metadata: { decodedInfo: { uid: "u-42" } },
    });
    expect(tokenBanner(await metadataOf(inDays(30)))).toEqual({
      status: "valid",
      title: "Token Valid",
      text: "The saved token is valid for 30 days more.",
    });
  });

  it("expiring soon: 7 days or fewer left", async () => {
    expect(await metadataOf(inDays(7))).toMatchObject({
      isExpiring: true,
      isExpired: false,
      daysLeft: 7,
    });
    // Seven and a half days round up to eight: not yet soon.
    expect(await metadataOf(inDays(7.5))).toMatchObject({ isExpiring: false, daysLeft: 8 });
    // Two hours left is still a day.
    expect(await metadataOf(inDays(2 / 24))).toMatchObject({ isExpiring: true, daysLeft: 1 });
    expect(tokenBanner(await metadataOf(inDays(3)))).toEqual({
      status: "expiring",
      title: "Token Expiring Soon",
      text: "The saved token will expire in 3 days. Add a new one soon.",
    });
    expect(tokenBanner(await metadataOf(inDays(0.5))).text).toContain("will expire in 1 day.");
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

  it("no token: exists false, the rest null, 'No Token Found'", () => {
    expect(tokenMetadata(null, now)).toEqual(NO_TOKEN);
    expect(tokenBanner(NO_TOKEN).title).toBe("No Token Found");
  });

  it("a malformed token has no claims", () => {
    expect(readTokenClaims("not-a-jwt")).toBeNull();
    expect(readTokenClaims("aaaaaaaaaaaa.bbbbbbbbbbbbbbbb.cccccccccc")).toBeNull();
  });

  it("the expiry notice: only for an expiring or expired token", async () => {
    expect(tokenExpiryNotice(await metadataOf(inDays(30)))).toBeNull();
    expect(tokenExpiryNotice(NO_TOKEN)).toBeNull();
    expect(tokenExpiryNotice(await metadataOf(inDays(5)))).toEqual({
      title: "API token expiring soon",
      message:
        "The provider API token will expire in 5 days (2026-11-26). Add a new one at /admin/api-tokens.",
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
    expect(errorsOf(undefined)).toEqual(["Token must be at least 20 characters long"]);
    expect(errorsOf("   short.to.ken   ")).toEqual(["Token must be at least 20 characters long"]);
    expect(errorsOf("this is not a jwt token at all")).toEqual(["Invalid JWT token format"]);
    expect(errorsOf("aaaaaaaaaaaa.bbbbbbbbbbbbbbbb.cccccccccc")).toEqual([
      "Invalid JWT token format",
    ]);
    const token = await providerJwt({ uid: "u-7", expiresAt: inDays(10) });
    const parsed = savedTokenSchema.parse({ token: `  ${token}\n` });
    expect(parsed.token.token).toBe(token);
    expect(parsed.token.claims).toEqual({
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

  it("tabs: ?tab=add, anything else the current token", () => {
    expect(tokenTabOf("add")).toBe("add");
    expect(tokenTabOf("current")).toBe("current");
    expect(tokenTabOf(null)).toBe("current");
    expect(tokenTabOf("nonsense")).toBe("current");
  });
});
