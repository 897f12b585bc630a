import { randomBytes, timingSafeEqual } from "node:crypto";
import type { ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { createScryptThreads } from "~/lib/scrypt-threads.server";

/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1; docs/decisions/0002).
 * Stored as `scrypt2$N$r$p$salt$hash` (base64url), so parameters can be raised later and old hashes
 * still verify. `scrypt2` hashes the password exactly as typed; the older `scrypt` hashed it trimmed
 * and NFKC-normalised, and is still verified that way (docs/decisions/0010-password-rules.md).
 */
const SCHEME = "scrypt2";
const LEGACY_SCHEME = "scrypt";
interface HashParameters {
  N: number;
  r: number;
  p: number;
}
const PARAMETERS: HashParameters = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const TEST_COST_VARIABLE = "PASSWORD_HASH_TEST_LOG2_N";

/**
 * The parameters new hashes get. The unit tests hash hundreds of passwords that are not about
 * hashing, so vitest.config.ts lowers N for them through PASSWORD_HASH_TEST_LOG2_N; anywhere but a
 * vitest run (NODE_ENV=test and VITEST set) that variable is an error, thrown when this module
 * loads, so a server started with it refuses to start: production always hashes at full cost.
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

// scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB.
const MAX_MEMORY = 256 * 1024 * 1024;

/** Nice steps below the event loop: under full load hashing gets about a tenth of a core. */
const HASHING_PRIORITY_BELOW_EVENT_LOOP = 10;

/**
 * Hashes run on threads of their own at a lower scheduling priority (app/lib/scrypt-threads.server.ts,
 * docs/decisions/0045), at most two at once and one fewer than the cores, so one core is always
 * the event loop's; further sign-ins wait in a queue, in order. Sign-ins wait; page views do not.
 * It also bounds scrypt's memory (128 MiB a hash) and leaves libuv's pool to files and zlib.
 */
const hashing = createScryptThreads({
  threads: Math.min(2, Math.max(1, availableParallelism() - 1)),
  lowerBy: HASHING_PRIORITY_BELOW_EVENT_LOOP,
});

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.derive({
    password,
    salt,
    keyLength: KEY_LENGTH,
    options: { ...options, maxmem: MAX_MEMORY },
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const parameters = hashParameters();
  const key = await derive(password, salt, parameters);
  const { N, r, p } = parameters;
  return [SCHEME, N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** What a legacy `scrypt` hash was made from: the password trimmed, then NFKC-normalised. */
function legacyForm(password: string): string {
  return password.trim().normalize("NFKC");
}

/**
 * True when the stored hash should be replaced by one of the password as typed, now that it has
 * verified: a legacy hash, when the typed password is one normalising leaves alone (otherwise
 * the exact form is unknown, and the legacy hash keeps both ways of typing it working).
 */
export function needsRehash(password: string, stored: string): boolean {
  return stored.startsWith(`${LEGACY_SCHEME}$`) && legacyForm(password) === password;
}

/** False for a wrong password and for anything that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const input =
    scheme === SCHEME ? password : scheme === LEGACY_SCHEME ? legacyForm(password) : null;
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
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
}
