import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser, uniqueName } from "../../factories";
import { signToken } from "~/server/signed-token.server";
import { db } from "~/services/db.server";
import { unsubscribeUrl } from "~/services/email/outbox.server";
import { readUnsubscribeLink, unsubscribe } from "~/services/email/unsubscribe.server";
import { confirmEmail, requestVerification } from "~/services/email/verification.server";
import { getPreferences, savePreferences } from "~/services/notifications/preferences.server";
import { createUser } from "~/services/auth/users.server";

const NOW = new Date("2026-11-23T12:00:00.000Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Links as the signer before jose wrote them (payload, dot, HMAC; `exp` in milliseconds), for user
 * 42 under the unit tests' SESSION_SECRET, expiring 2026-12-01: what an old e-mail carries.
 */
const LEGACY_USER_ID = 42;
const LEGACY_EXPIRY = new Date("2026-12-01T00:00:00.000Z");
const LEGACY_UNSUBSCRIBE =
  "eyJ1Ijo0MiwicCI6Im1vbnRobHlTdGF0ZW1lbnRzIiwiZXhwIjoxNzk2MDgzMjAwMDAwfQ.11gUhJq7c3FYgceX7as5eO06LhafU2qocelKZTDTI3E";
const LEGACY_VERIFY_EMAIL =
  "eyJ1Ijo0MiwiZSI6Im9sZEBleGFtcGxlLmNvbSIsImV4cCI6MTc5NjA4MzIwMDAwMH0.F4D0fjvckeCjlm2m-WOtfPuqgZ9_u0QU7wIg1zUxVjU";

beforeAll(async () => {
  await migrateToLatest(db);
});

beforeEach(async () => {
  await db.deleteFrom("email_outbox").execute();
  await db.deleteFrom("notification_preferences").execute();
  await db.deleteFrom("users").execute();
});

function tokenOf(url: string): string {
  return new URL(url).searchParams.get("token") ?? "";
}

/** Flips one character of the signature (the last part) or the payload (the one before it). */
function tamper(token: string, where: "payload" | "signature"): string {
  const parts = token.split(".");
  const index = where === "signature" ? parts.length - 1 : parts.length - 2;
  const part = parts[index] ?? "";
  parts[index] = (part[0] === "A" ? "B" : "A") + part.slice(1);
  return parts.join(".");
}

async function verificationLink(userId: number): Promise<string> {
  const row = await db
    .selectFrom("email_outbox")
    .select("text_body")
    .where("user_id", "=", userId)
    .where("kind", "=", "email_verification")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const url = row.text_body.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  if (!url) throw new Error("no link in the e-mail");
  return url;
}

async function isVerified(userId: number) {
  const row = await db
    .selectFrom("users")
    .select("email_verified_at")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.email_verified_at !== null;
}

describe("confirming an address", () => {
  it("registering queues the confirmation e-mail; its link confirms the address", async () => {
    const created = await createUser(
      { username: uniqueName("reg"), email: "new@example.com", password: "a long pass phrase 9" },
      NOW,
    );
    if (!created.ok) throw new Error("not created");
    const url = await verificationLink(created.userId);
    expect(await isVerified(created.userId)).toBe(false);
    expect(await confirmEmail(tamper(tokenOf(url), "signature"), NOW)).toBe("invalid");
    expect(await confirmEmail(tamper(tokenOf(url), "payload"), NOW)).toBe("invalid");
    expect(await confirmEmail(tokenOf(url), new Date(NOW.getTime() + DAY))).toBe("expired");
    expect(await isVerified(created.userId)).toBe(false);
    expect(await confirmEmail(tokenOf(url), new Date(NOW.getTime() + DAY - 1))).toBe("confirmed");
    expect(await isVerified(created.userId)).toBe(true);
    expect(await requestVerification(db, created.userId, NOW)).toBe("verified");
  });

  it("turning a preference on while unconfirmed sends a link, at most one a minute", async () => {
    const userId = await insertUser(db, { email: "u@example.com" });
    const off = {
      wagerRaceUpdates: false,
      vipStatusChanges: false,
      promotionalOffers: false,
      monthlyStatements: false,
    };
    expect(await savePreferences(userId, off, NOW)).toEqual({ verificationQueued: false });
    expect(await savePreferences(userId, { ...off, promotionalOffers: true }, NOW)).toEqual({
      verificationQueued: true,
    });
    expect(await requestVerification(db, userId, new Date(NOW.getTime() + 59_000))).toBe(
      "too-soon",
    );
    expect(await requestVerification(db, userId, new Date(NOW.getTime() + 61_000))).toBe("queued");
  });

  it("a confirmation link e-mailed before tokens were JWTs still confirms until it expires", async () => {
    const userId = await insertUser(db, { id: LEGACY_USER_ID, email: "old@example.com" });
    expect(await confirmEmail(LEGACY_VERIFY_EMAIL, LEGACY_EXPIRY)).toBe("expired");
    expect(await confirmEmail(tamper(LEGACY_VERIFY_EMAIL, "payload"), NOW)).toBe("invalid");
    expect(await confirmEmail(LEGACY_VERIFY_EMAIL, NOW)).toBe("confirmed");
    expect(await isVerified(userId)).toBe(true);
  });

  it("a link for an address the account no longer has confirms nothing", async () => {
    const userId = await insertUser(db, { email: "old@example.com" });
    await requestVerification(db, userId, NOW);
    const url = await verificationLink(userId);
    await db
      .updateTable("users")
      .set({ email: "new@example.com" })
      .where("id", "=", userId)
      .execute();
    expect(await confirmEmail(tokenOf(url), NOW)).toBe("invalid");
    expect(await isVerified(userId)).toBe(false);
  });
});

describe("unsubscribe links", () => {
  it("turn off only their preference, for 90 days, and refuse a tampered token", async () => {
    const userId = await insertUser(db, { email: "s@example.com" });
    await savePreferences(userId, {
      wagerRaceUpdates: true,
      vipStatusChanges: true,
      promotionalOffers: true,
      monthlyStatements: true,
    });
    const token = tokenOf(await unsubscribeUrl(userId, "promotionalOffers", NOW));
    expect(await readUnsubscribeLink(tamper(token, "signature"), NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await readUnsubscribeLink(tamper(token, "payload"), NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await readUnsubscribeLink(token, new Date(NOW.getTime() + 90 * DAY))).toEqual({
      ok: false,
      reason: "expired",
    });
    // A confirmation token never works as an unsubscribe one.
    const other = await signToken(
      "verify-email",
      { u: userId, p: "promotionalOffers" },
      new Date(NOW.getTime() + DAY),
    );
    expect(await readUnsubscribeLink(other, NOW)).toEqual({ ok: false, reason: "invalid" });

    const link = await readUnsubscribeLink(token, new Date(NOW.getTime() + 89 * DAY));
    expect(link).toEqual({ ok: true, userId, preference: "promotionalOffers" });
    if (!link.ok) return;
    await unsubscribe(link);
    expect(await getPreferences(userId)).toEqual({
      wagerRaceUpdates: true,
      vipStatusChanges: true,
      promotionalOffers: false,
      monthlyStatements: true,
    });
  });

  it("an unsubscribe link e-mailed before tokens were JWTs still works until it expires", async () => {
    const userId = await insertUser(db, { id: LEGACY_USER_ID, email: "old@example.com" });
    expect(await readUnsubscribeLink(tamper(LEGACY_UNSUBSCRIBE, "signature"), NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await readUnsubscribeLink(LEGACY_UNSUBSCRIBE, LEGACY_EXPIRY)).toEqual({
      ok: false,
      reason: "expired",
    });
    const link = await readUnsubscribeLink(LEGACY_UNSUBSCRIBE, NOW);
    expect(link).toEqual({ ok: true, userId, preference: "monthlyStatements" });
    if (!link.ok) return;
    await unsubscribe(link);
    expect((await getPreferences(userId)).monthlyStatements).toBe(false);
  });

  it("keeps a user's default preferences when they never saved any", async () => {
    const userId = await insertUser(db, { email: "d@example.com" });
    await unsubscribe({ userId, preference: "wagerRaceUpdates" });
    expect(await getPreferences(userId)).toEqual({
      wagerRaceUpdates: false,
      vipStatusChanges: true,
      promotionalOffers: false,
      monthlyStatements: false,
    });
  });
});
