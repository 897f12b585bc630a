import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { getPriority } from "node:os";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as HashThreadsModule from "~/server/password-hash-threads.server";
import type { HashJob } from "~/server/password-hash-threads.server";
import {
  argon2idParameters,
  hashParameters,
  hashPassword,
  needsRehash,
  spendPasswordCheckTime,
  verifyPassword,
} from "~/services/auth/passwords.server";
import { legacyPasswordHash, scryptPasswordHash } from "../legacy-password";

// This file is about hashing: it hashes at the production cost, not the unit tests' lowered one
// (vitest.config.ts), but for the old scrypt hashes' rules (atLoweredCost).

// Every job handed to the hashing threads, in order: what a check costs is the work it does.
const hashJobs = vi.hoisted(() => [] as HashJob[]);
vi.mock("~/server/password-hash-threads.server", async (importOriginal) => {
  const actual = await importOriginal<typeof HashThreadsModule>();
  return {
    ...actual,
    createPasswordHashThreads: (...args: Parameters<typeof actual.createPasswordHashThreads>) => {
      const threads = actual.createPasswordHashThreads(...args);
      return {
        ...threads,
        run: ((job, client) => {
          hashJobs.push(job);
          return threads.run(job, client);
        }) satisfies typeof threads.run,
      };
    },
  };
});

beforeAll(() => {
  vi.stubEnv("PASSWORD_HASH_TEST_LOG2_N", undefined);
});

describe("the unit tests' lower hashing cost", () => {
  const lowered = { PASSWORD_HASH_TEST_LOG2_N: "10" };

  it("applies only under vitest", () => {
    expect(hashParameters({ ...lowered, NODE_ENV: "test", VITEST: "true" })).toEqual({
      N: 1024,
      r: 8,
      p: 1,
    });
    expect(hashParameters({ NODE_ENV: "test", VITEST: "true" })).toEqual({
      N: 131072,
      r: 8,
      p: 1,
    });
    // argon2id gets the memory scrypt takes at the lowered N (N KiB), never more than OWASP's.
    const argon2id = { timeCost: 2, parallelism: 1 };
    expect(argon2idParameters({ ...lowered, NODE_ENV: "test", VITEST: "true" })).toEqual({
      ...argon2id,
      memoryCost: 1024,
    });
    expect(argon2idParameters({ NODE_ENV: "test", VITEST: "true" })).toEqual({
      ...argon2id,
      memoryCost: 19456,
    });
  });

  it("is refused anywhere else, so production always hashes at full cost", () => {
    const elsewhere: NodeJS.ProcessEnv[] = [
      { ...lowered, NODE_ENV: "production" },
      { ...lowered, NODE_ENV: "production", VITEST: "true" },
      { ...lowered, NODE_ENV: "development" },
      { ...lowered, NODE_ENV: "test" },
    ];
    for (const env of elsewhere) {
      expect(() => hashParameters(env), JSON.stringify(env)).toThrow(
        "PASSWORD_HASH_TEST_LOG2_N lowers password hashing for the unit tests only: unset it",
      );
    }
    expect(() =>
      hashParameters({ PASSWORD_HASH_TEST_LOG2_N: "4", NODE_ENV: "test", VITEST: "true" }),
    ).toThrow("PASSWORD_HASH_TEST_LOG2_N must be a whole number from 10 to 17");
  });

  it("stops a production server at start-up: the module refuses to load", async () => {
    vi.stubEnv("PASSWORD_HASH_TEST_LOG2_N", "10");
    vi.stubEnv("NODE_ENV", "production");
    vi.resetModules();
    try {
      await expect(import("~/services/auth/passwords.server")).rejects.toThrow(
        "PASSWORD_HASH_TEST_LOG2_N lowers password hashing for the unit tests only",
      );
    } finally {
      vi.stubEnv("PASSWORD_HASH_TEST_LOG2_N", undefined);
      vi.stubEnv("NODE_ENV", "test");
      vi.resetModules();
    }
  });
});

/**
 * A scrypt hash made before, at the unit tests' lowered N: the verifying rules do not depend on the
 * cost, and one test checks a hash at the production cost.
 */
function atLoweredCost(make: () => string): string {
  vi.stubEnv("PASSWORD_HASH_TEST_LOG2_N", "10");
  try {
    return make();
  } finally {
    vi.stubEnv("PASSWORD_HASH_TEST_LOG2_N", undefined);
  }
}

// scrypt at these parameters takes about half a second a hash on an idle core, and the hashing
// threads run below the other test files' priority: the timeout is a hang guard, not a speed check.
describe("password hashing", { timeout: 120_000 }, () => {
  it("stores argon2id at 19 MiB, t=2, p=1 with a random salt, never the password", async () => {
    const [first, second] = await Promise.all([
      hashPassword("goat-secret"),
      hashPassword("goat-secret"),
    ]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(first).not.toContain("goat-secret");
    expect(first).not.toBe(second);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("goat-secret");
    expect(await verifyPassword("goat-secret", stored)).toBe(true);
    expect(await verifyPassword("goat-secreT", stored)).toBe(false);
  });

  it("hashes the password exactly as typed: no trimming, no Unicode normalisation", async () => {
    const padded = await hashPassword("  secret-pass  ");
    expect(await verifyPassword("  secret-pass  ", padded)).toBe(true);
    expect(await verifyPassword("secret-pass", padded)).toBe(false);
    const plain = await hashPassword("secret-pass");
    expect(await verifyPassword("  secret-pass  ", plain)).toBe(false);
    // U+FB01 (the "fi" ligature) is "fi" after NFKC: not the same password.
    const ligature = await hashPassword("\uFB01le-cabinet");
    expect(await verifyPassword("file-cabinet", ligature)).toBe(false);
    expect(needsRehash("secret-pass", plain)).toBe(false);
  });

  it("verifies a scrypt hash stored at the production cost (N=2^17: 128 MiB, past Node's cap)", async () => {
    const stored = scryptPasswordHash("secret-pass");
    expect(stored).toMatch(/^scrypt2\$131072\$8\$1\$/);
    expect(await verifyPassword("secret-pass", stored)).toBe(true);
  });

  it("still verifies a hash made before, from the trimmed NFKC form, and asks for a rehash", async () => {
    const legacy = atLoweredCost(() => legacyPasswordHash("secret-pass"));
    expect(await verifyPassword("secret-pass", legacy)).toBe(true);
    expect(await verifyPassword("  secret-pass  ", legacy)).toBe(true);
    expect(await verifyPassword("secret-pas", legacy)).toBe(false);
    expect(needsRehash("secret-pass", legacy)).toBe(true);
    // Typed with the spaces the old form dropped, the exact password is unknown: keep the hash.
    expect(needsRehash("  secret-pass  ", legacy)).toBe(false);
  });

  it("still verifies a scrypt hash made before argon2id, and asks for a rehash", async () => {
    const scrypt = atLoweredCost(() => scryptPasswordHash("secret-pass"));
    expect(await verifyPassword("secret-pass", scrypt)).toBe(true);
    expect(await verifyPassword("secret-pas", scrypt)).toBe(false);
    expect(needsRehash("secret-pass", scrypt)).toBe(true);
    expect(needsRehash("secret-pass", await hashPassword("secret-pass"))).toBe(false);
  });

  it("refuses anything that is not one of its hashes", async () => {
    for (const stored of [
      "",
      "not-a-password",
      "scrypt$1$2$3$$",
      "bcrypt$x$y$z$a$b",
      "$argon2id$v=19$junk",
    ]) {
      expect(await verifyPassword("goat-secret", stored)).toBe(false);
    }
  });

  it("spends as long on an unknown account as on a real check: the same check, at the same cost", async () => {
    const stored = await hashPassword("goat-secret");
    await spendPasswordCheckTime("warm-up");
    hashJobs.length = 0;
    await verifyPassword("wrong", stored);
    const real = hashJobs.splice(0);
    await spendPasswordCheckTime("wrong");
    const dummy = hashJobs.splice(0);

    // One argon2id check each, of a hash made at the cost of a real account's.
    const parametersOf = (job: HashJob | undefined) =>
      job?.kind === "argon2id-verify" ? job.hash.split("$").slice(0, 4).join("$") : job?.kind;
    expect(real.map(parametersOf)).toEqual(["$argon2id$v=19$m=19456,t=2,p=1"]);
    expect(dummy.map(parametersOf)).toEqual(real.map(parametersOf));
    expect(dummy[0]).toMatchObject({ password: "wrong" });
  });
});

describe("password hashing under load", () => {
  // Eight checks at once: twice libuv's four pool threads, enough to fill the pool without the queue
  // (30 proved no more, at four times the cost).
  it("leaves the thread pool to file reads while 8 checks run", { timeout: 180_000 }, async () => {
    // argon2id at the production cost: the order is asserted, not the time, so the checks made
    // today serve (scrypt's, 128 MiB and seconds each on the niced threads, starved under load).
    const stored = await hashPassword("goat-secret");

    // 8 sign-ins at once, then a static file read, as express.static does it, behind them.
    let checksDone = 0;
    const checks = Array.from({ length: 8 }, () =>
      verifyPassword("wrong", stored).finally(() => checksDone++),
    );
    await readFile("public/favicon.svg");
    const checksDoneWhenRead = checksDone;
    expect(await Promise.all(checks)).toEqual(Array.from({ length: 8 }, () => false));

    // Queued behind the hashes in libuv's pool (four threads), the read would wait for at least
    // four of them; beside them, it is done before the first.
    expect(checksDoneWhenRead).toBe(0);
  });
});

describe("password hashing beside page views", () => {
  /** How many of this process's threads run at nice value `value` (Linux: one per thread). */
  const threadsAtNice = (value: number) =>
    readdirSync("/proc/self/task").filter((task) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      // The 19th field, counted after the command name (which may hold spaces) from the 3rd.
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19 - 3]) === value;
    }).length;

  it.runIf(process.platform === "linux")(
    "hashes on a thread of lower priority than the event loop's",
    async () => {
      const eventLoops = getPriority(0);
      const stored = await hashPassword("goat-secret");
      expect(await verifyPassword("goat-secret", stored)).toBe(true);
      expect(threadsAtNice(eventLoops + 10)).toBeGreaterThanOrEqual(1);
      expect(getPriority(0)).toBe(eventLoops);
    },
  );
});
