import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalResult, proofVerdict, toHex } from "~/domain/race-proof";

// Results anyone can verify (issue 32, docs/decisions/0063): the canonical text is fixed to the
// byte, so a hash published today can be recomputed by anyone from the text alone.

const RACE = {
  id: 7,
  // Not in the canonical form's shape (no milliseconds): written out as ISO-8601 UTC.
  startDate: "2026-10-01T00:00:00Z",
  endDate: "2026-11-01T00:00:00.000Z",
  prizePoolCents: 50_000,
};

// Given out of order, with a provider float's noise and a name that JSON escapes.
const PLACES = [
  { position: 2, uid: "u-2", name: 'Zoë "Z"', wager: 1234.5, prizeCents: 7_500 },
  { position: 1, uid: "u-1", name: "Alice", wager: 233846.91999999993, prizeCents: 25_000 },
];

// Written by hand, and its SHA-256 computed outside the code (printf '%s' TEXT | sha256sum).
const KNOWN_TEXT =
  '{"version":1,"raceId":7,"window":{"start":"2026-10-01T00:00:00.000Z","end":"2026-11-01T00:00:00.000Z"},' +
  '"poolCents":50000,"places":[' +
  '{"place":1,"uid":"u-1","name":"Alice","wagerCents":23384692,"prizeCents":25000},' +
  '{"place":2,"uid":"u-2","name":"Zoë \\"Z\\"","wagerCents":123450,"prizeCents":7500}]}';
const KNOWN_HASH = "5eb4691dd2d83989c51c2e831d9720db9075a8eb3d3460730c08455669db347f";

describe("canonicalResult", () => {
  it("writes the known vector byte for byte: fixed key order, cents, UTC times, no whitespace", () => {
    const text = canonicalResult(RACE, PLACES);
    expect(text).toBe(KNOWN_TEXT);
    expect(createHash("sha256").update(text, "utf8").digest("hex")).toBe(KNOWN_HASH);
  });

  it("changes with one cent of any place", () => {
    const oneCentMore = PLACES.map((p) => (p.position === 2 ? { ...p, prizeCents: 7_501 } : p));
    expect(canonicalResult(RACE, oneCentMore)).not.toBe(KNOWN_TEXT);
    const wagerCentMore = PLACES.map((p) => (p.position === 2 ? { ...p, wager: 1234.51 } : p));
    expect(canonicalResult(RACE, wagerCentMore)).toContain('"wagerCents":123451');
  });

  it("writes a race without winners with an empty list of places", () => {
    expect(canonicalResult(RACE, [])).toMatch(/"poolCents":50000,"places":\[\]\}$/);
  });
});

describe("proofVerdict", () => {
  it("matches, differs, or has no hash to check", () => {
    expect(proofVerdict(KNOWN_HASH, KNOWN_HASH)).toBe("matches");
    expect(proofVerdict(KNOWN_HASH, "0".repeat(64))).toBe("differs");
    expect(proofVerdict(null, KNOWN_HASH)).toBe("unsealed");
  });
});

describe("toHex", () => {
  it("writes a digest as 64 lowercase hex digits, as Web Crypto's would be compared", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(KNOWN_TEXT));
    expect(toHex(digest)).toBe(KNOWN_HASH);
  });
});
