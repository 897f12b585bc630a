import { createHash, createHmac } from "node:crypto";

export interface FairnessInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export interface FairnessResult {
  /** SHA-256 of the server seed, hex: what the casino shows before the seed is revealed. */
  serverSeedHash: string;
  /** HMAC-SHA256 keyed with the server seed over `${clientSeed}:${nonce}`, hex. */
  hmac: string;
  /** The roll in [0, 1) from the HMAC's first four bytes. */
  float: number;
}

/** Recomputes a provably-fair roll from its revealed seeds and nonce. */
export function verifyRoll({ serverSeed, clientSeed, nonce }: FairnessInput): FairnessResult {
  const serverSeedHash = createHash("sha256").update(serverSeed).digest("hex");
  const digest = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}`).digest();
  // b0/256 + b1/256² + b2/256³ + b3/256⁴: never reaches 1.
  let float = 0;
  for (let index = 0; index < 4; index += 1) {
    float += (digest[index] ?? 0) / 256 ** (index + 1);
  }
  return { serverSeedHash, hmac: digest.toString("hex"), float };
}
