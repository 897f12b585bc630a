import { randomBytes, timingSafeEqual } from "node:crypto";
import type { ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { currentHashClient } from "~/server/password-hash-client.server";
import {
  createPasswordHashThreads,
  hashingThreadCount,
} from "~/server/password-hash-threads.server";

/**
 * Password hashing with argon2id at OWASP's parameters (19 MiB, t=2, p=1; docs/decisions/0050),
 * stored as its PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), so parameters can be
 * raised later and old hashes still verify. Hashes made before it are scrypt (N=2^17, r=8, p=1;
 * docs/decisions/0002), stored as `scrypt2$N$r$p$salt$hash` (base64url); they still verify and are
 * replaced by argon2id at the next successful sign-in. `scrypt2` hashed the password exactly as
 * typed; the older `scrypt` hashed it trimmed and NFKC-normalised, and is still verified that way
 * (docs/decisions/0010-password-rules.md).
 */
const ARGON2ID_PREFIX = "$argon2id$";
const SCRYPT_SCHEME = "scrypt2";
const LEGACY_SCHEME = "scrypt";
interface HashParameters {
  N: number;
  r: number;
  p: number;
}
const PARAMETERS: HashParameters = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const TEST_COST_VARIABLE = "PASSWORD_HASH_TEST_LOG2_N";
/** OWASP's argon2id: 19 MiB (in KiB), two passes, one lane. */
const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * scrypt's parameters (N also sets the memory argon2id gets: see argon2idParameters). The unit
 * tests hash hundreds of passwords that are not about hashing, so vitest.config.ts lowers N for
 * them through PASSWORD_HASH_TEST_LOG2_N; anywhere but a vitest run (NODE_ENV=test and VITEST set)
 * that variable is an error, thrown when this module loads, so a server started with it refuses to
 * start: production always hashes at full cost.
 */
export function hashParameters(env: NodeJS.ProcessEnv = process.env): HashParameters {
  const lowered = env[TEST_COST_VARIABLE];
  if (lowered === undefined || lowered === "") return PARAMETERS;
  if (env.NODE_ENV !== "test" || !env.VITEST) {
    throw new Error(
      `${TEST_COST_VARIABLE} lowers password hashing for the unit tests only: unset it`,
    );
  }
  const log2N = Number(lowered);
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 17) {
    throw new Error(`${TEST_COST_VARIABLE} must be a whole number from 10 to 17`);
  }
  return { ...PARAMETERS, N: 2 ** log2N };
}
// Refuses the test-only variable as soon as the server (or any script) loads this module.
hashParameters();

/**
 * The argon2id parameters new hashes get: OWASP's, or with the tests' lowered N, N KiB of memory
 * (what scrypt takes at that N and r=8), never more than OWASP's.
 */
export function argon2idParameters(env: NodeJS.ProcessEnv = process.env): typeof ARGON2ID {
  return { ...ARGON2ID, memoryCost: Math.min(ARGON2ID.memoryCost, hashParameters(env).N) };
}

// scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB.
const MAX_MEMORY = 256 * 1024 * 1024;

/** Nice steps below the event loop: under full load the pages get the cores first. */
const HASHING_PRIORITY_BELOW_EVENT_LOOP = 10;

/** Hashes that may wait per core: at argon2id's ~15-50 ms a hash, well under a second's wait. */
const WAITING_PER_CORE = 16;

/**
 * Hashes run on threads of their own, one per core but the event loop's, at a lower priority
 * (app/server/password-hash-threads.server.ts, docs/decisions/0045 and 0050): the pages get the cores
 * first. The queue is bounded, shared fairly between client addresses, and a client that has gone
 * leaves it; past it, HashQueueFull (a 503 with Retry-After). It also bounds scrypt's memory
 * (128 MiB a hash) and leaves libuv's pool to files and zlib.
 */
const cores = availableParallelism();
const hashing = createPasswordHashThreads({
  threads: hashingThreadCount(cores),
  lowerBy: HASHING_PRIORITY_BELOW_EVENT_LOOP,
  // As many waiting places as with a thread per core: argon2id still drains them in under a second.
  waitingLimit: cores * WAITING_PER_CORE,
});

/** Password hashes waiting for a thread, by client address. */
export function hashesWaitingByAddress(): Map<string, number> {
  return hashing.waitingByAddress();
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    {
      kind: "scrypt",
      password,
      salt,
      keyLength: KEY_LENGTH,
      options: { ...options, maxmem: MAX_MEMORY },
    },
    currentHashClient(),
  );
}

export function hashPassword(password: string): Promise<string> {
  return hashing.run(
    { kind: "argon2id-hash", password, ...argon2idParameters() },
    currentHashClient(),
  );
}

/** What a legacy `scrypt` hash was made from: the password trimmed, then NFKC-normalised. */
function legacyForm(password: string): string {
  return password.trim().normalize("NFKC");
}

/**
 * True when the stored hash should be replaced by argon2id of the password as typed, now that it
 * has verified: any scrypt hash; a legacy one only when the typed password is one normalising
 * leaves alone (otherwise the exact form is unknown, and the legacy hash keeps both ways of typing
 * it working).
 */
export function needsRehash(password: string, stored: string): boolean {
  if (stored.startsWith(`${SCRYPT_SCHEME}$`)) return true;
  return stored.startsWith(`${LEGACY_SCHEME}$`) && legacyForm(password) === password;
}

/** False for a wrong password and for anything that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(ARGON2ID_PREFIX)) {
    return hashing.run({ kind: "argon2id-verify", password, hash: stored }, currentHashClient());
  }
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const input =
    scheme === SCRYPT_SCHEME ? password : scheme === LEGACY_SCHEME ? legacyForm(password) : null;
  if (input === null || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(options).every(Number.isSafeInteger) || expected.length !== KEY_LENGTH) {
    return false;
  }
  const actual = await derive(input, Buffer.from(salt, "base64url"), options);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for logins naming no account, so that timing
 * does not tell which accounts exist.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  // Made by the first such sign-in; if that one was refused or left, the next makes it again.
  dummyHash ??= hashPassword(randomBytes(16).toString("hex")).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await dummyHash);
}
