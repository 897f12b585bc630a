import { createHmac } from "node:crypto";
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { readToken, signToken } from "~/server/signed-token.server";

const expiresAt = new Date(Date.now() + 60_000);

describe("e-mail link tokens", () => {
  it("read back as signed", async () => {
    const token = await signToken("unsubscribe", { userId: 7 }, expiresAt);
    expect(await readToken("unsubscribe", token)).toMatchObject({ ok: true, data: { userId: 7 } });
  });

  it("are JWTs signed with HS256 by jose: the purpose is the audience, exp in seconds", async () => {
    const token = await signToken("unsubscribe", { userId: 7 }, expiresAt);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256" });
    expect(decodeJwt(token)).toEqual({
      userId: 7,
      aud: "unsubscribe",
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
  });

  it("refuse a token once it expires, one for another purpose and one signed otherwise", async () => {
    const now = new Date("2026-11-27T10:00:00.000Z");
    const token = await signToken("unsubscribe", { userId: 7 }, new Date(now.getTime() + 60_000));
    expect(await readToken("unsubscribe", token, new Date(now.getTime() + 59_999))).toMatchObject({
      ok: true,
    });
    expect(await readToken("unsubscribe", token, new Date(now.getTime() + 60_000))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await readToken("verify-email", token, now)).toEqual({ ok: false, reason: "invalid" });
    // The same claims unsigned, and signed with a key that is not the site's.
    const claims = { userId: 7, aud: "unsubscribe", exp: Math.floor(expiresAt.getTime() / 1000) };
    const unsigned = new UnsecuredJWT(claims).encode();
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-secret-that-is-long-enough"));
    expect(await readToken("unsubscribe", unsigned, now)).toEqual({ ok: false, reason: "invalid" });
    expect(await readToken("unsubscribe", foreign, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuse a payload changed under its signature", async () => {
    const token = await signToken("unsubscribe", { userId: 7 }, expiresAt);
    const [header, payload, signature] = token.split(".");
    const claims = { ...decodeJwt(token), userId: 8 };
    const changed = Buffer.from(JSON.stringify(claims)).toString("base64url");
    expect(changed).not.toBe(payload);
    expect(await readToken("unsubscribe", `${header}.${changed}.${signature}`)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("read a link signed before they were JWTs, until it expires", async () => {
    const now = new Date("2026-11-27T10:00:00.000Z");
    const expires = new Date(now.getTime() + 60_000);
    const legacy = legacyToken("unsubscribe", { u: 7, p: "promotionalOffers" }, expires);
    expect(await readToken("unsubscribe", legacy, now)).toMatchObject({
      ok: true,
      data: { u: 7, p: "promotionalOffers" },
    });
    expect(await readToken("unsubscribe", legacy, expires)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await readToken("verify-email", legacy, now)).toEqual({ ok: false, reason: "invalid" });
    expect(await readToken("unsubscribe", `${legacy}!`, now)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  // The probe's shapes: characters Node's base64url decoder skips or reads alike.
  it.each([
    ["junk after the signature", (token: string) => `${token}!`],
    ["padding after the signature", (token: string) => `${token}=`],
    ["a space after the signature", (token: string) => `${token} `],
    ["base64 (not url) spelling", (token: string) => `${token}+/`],
    ["junk inside the body", (token: string) => token.replace(".", "*.")],
    ["a second encoding of the signature's last bits", (token: string) => withOtherLastBits(token)],
  ])("accept only exact base64url: %s is invalid", async (_name, alter) => {
    const token = await signToken("unsubscribe", { userId: 7 }, expiresAt);
    const altered = alter(token);
    expect(altered).not.toBe(token);
    expect(await readToken("unsubscribe", altered)).toEqual({ ok: false, reason: "invalid" });
  });
});

/**
 * The signature (32 bytes: 43 characters, the last carrying 4 bits and 2 unused) with its unused
 * bits set: the same bytes to a lenient decoder.
 */
function withOtherLastBits(token: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const last = token.at(-1) ?? "A";
  const other = alphabet[alphabet.indexOf(last) ^ 0b11] ?? last;
  return `${token.slice(0, -1)}${other}`;
}

/**
 * A token as the signer before jose wrote it (what e-mails sent before then carry): the payload
 * in base64url with `exp` in milliseconds, a dot, its HMAC-SHA256 over `${purpose}.${payload}`.
 */
function legacyToken(purpose: string, data: Record<string, string | number>, expires: Date) {
  const secret = process.env.SESSION_SECRET ?? "";
  const key = createHmac("sha256", secret).update("signed-token").digest();
  const body = Buffer.from(JSON.stringify({ ...data, exp: expires.getTime() })).toString(
    "base64url",
  );
  return `${body}.${createHmac("sha256", key).update(`${purpose}.${body}`).digest("base64url")}`;
}
