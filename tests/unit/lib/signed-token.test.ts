import { describe, expect, it } from "vitest";
import { readToken, signToken } from "~/lib/signed-token.server";

const expiresAt = new Date(Date.now() + 60_000);

describe("e-mail link tokens", () => {
  it("read back as signed", () => {
    const token = signToken("unsubscribe", { userId: 7 }, expiresAt);
    expect(readToken("unsubscribe", token)).toMatchObject({ ok: true, data: { userId: 7 } });
  });

  // The probe's shapes: characters Node's base64url decoder skips or reads alike.
  it.each([
    ["junk after the signature", (token: string) => `${token}!`],
    ["padding after the signature", (token: string) => `${token}=`],
    ["a space after the signature", (token: string) => `${token} `],
    ["base64 (not url) spelling", (token: string) => `${token}+/`],
    ["junk inside the body", (token: string) => token.replace(".", "*.")],
    ["a second encoding of the signature's last bits", (token: string) => withOtherLastBits(token)],
  ])("accept only exact base64url: %s is invalid", (_name, alter) => {
    const token = signToken("unsubscribe", { userId: 7 }, expiresAt);
    const altered = alter(token);
    expect(altered).not.toBe(token);
    expect(readToken("unsubscribe", altered)).toEqual({ ok: false, reason: "invalid" });
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
