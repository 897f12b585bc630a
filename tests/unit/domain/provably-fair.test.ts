import { describe, expect, it } from "vitest";
import { verifyRoll } from "~/domain/provably-fair.server";

// Vectors computed independently with Python's hashlib and hmac modules.
describe("verifyRoll", () => {
  it("hashes the server seed with SHA-256 (the FIPS 180-2 'abc' vector)", () => {
    const result = verifyRoll({ serverSeed: "abc", clientSeed: "player-seed", nonce: 0 });
    expect(result.serverSeedHash).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(result.hmac).toBe("09e7db455d6041b699ee48470508f5421d413d3a986d158df5dc0ec60609be31");
    expect(result.float).toBeCloseTo(0.03869409975595772, 15);
  });

  it("keys the HMAC with the server seed over clientSeed:nonce", () => {
    const result = verifyRoll({
      serverSeed: "server-seed-1",
      clientSeed: "client-seed-1",
      nonce: 42,
    });
    expect(result.serverSeedHash).toBe(
      "a562d93d4bf3b40f7d2ed81c4c43334cc714f2d7d11691a1bec023153998f2e2",
    );
    expect(result.hmac).toBe("e642c80c46e438195511288766b90085e507c84a8d50320dafed843ea6630813");
    expect(result.float).toBeCloseTo(0.8994565038010478, 15);
  });

  it("gives a different roll for the next nonce, always in [0, 1)", () => {
    const rolls = [0, 1, 2, 3].map(
      (nonce) => verifyRoll({ serverSeed: "s", clientSeed: "c", nonce }).float,
    );
    expect(new Set(rolls).size).toBe(4);
    for (const roll of rolls) {
      expect(roll).toBeGreaterThanOrEqual(0);
      expect(roll).toBeLessThan(1);
    }
  });
});
