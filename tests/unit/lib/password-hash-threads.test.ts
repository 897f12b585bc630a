import { scryptSync } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import {
  createPasswordHashThreads,
  hashingThreadCount,
  HashQueueFull,
} from "~/server/password-hash-threads.server";
import type {
  HashClient,
  HashJob,
  PasswordHashThreads,
} from "~/server/password-hash-threads.server";

// Cheap parameters: these tests are about the threads and the queue, not about the hashes' cost.
const job = (password: string): Extract<HashJob, { kind: "scrypt" }> => ({
  kind: "scrypt",
  password,
  salt: Buffer.from("0123456789abcdef"),
  keyLength: 64,
  options: { N: 1024, r: 8, p: 1 },
});
const expectedKey = ({ password, salt, keyLength, options }: ReturnType<typeof job>) =>
  scryptSync(password, salt, keyLength, options);
const from = (address: string, signal?: AbortSignal): HashClient => ({ address, signal });
const anyone = from("192.0.2.1");

/** The nice values of this process's threads (Linux: one per thread). */
function threadNiceValues(): number[] {
  return readdirSync("/proc/self/task").map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
    // The fields after the command name (which may hold spaces), starting with the state (3rd).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[19 - 3]);
  });
}

/** How a job ended: "done", or the error's name. */
const outcome = (running: Promise<unknown>) =>
  running.then(
    () => "done",
    (error: Error) => error.name,
  );

let threads: PasswordHashThreads | null = null;
function start(options: { threads: number; waitingLimit?: number }) {
  threads = createPasswordHashThreads({ lowerBy: 10, waitingLimit: 64, ...options });
  return threads;
}
afterEach(async () => {
  await threads?.close();
  threads = null;
});

describe("password hashing threads", () => {
  it("leave one core to the event loop, and hash on a single core's machine too", () => {
    expect([1, 2, 3, 4, 8, 64].map(hashingThreadCount)).toEqual([1, 1, 2, 3, 7, 63]);
  });

  it("derive the same keys as scrypt on the event loop", async () => {
    const pool = start({ threads: 2 });
    const jobs = ["alpha", "beta", "gamma"].map(job);
    const keys = await Promise.all(jobs.map((each) => pool.run(each, anyone)));
    expect(keys).toEqual(jobs.map(expectedKey));
  });

  it("hash and verify argon2id (PHC strings); a string argon2 cannot read verifies nothing", async () => {
    const pool = start({ threads: 1 });
    const parameters = { memoryCost: 1024, timeCost: 2, parallelism: 1 };
    const hash = await pool.run({ kind: "argon2id-hash", password: "pw", ...parameters }, anyone);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    const verify = (password: string, stored: string) =>
      pool.run({ kind: "argon2id-verify", password, hash: stored }, anyone);
    expect(await verify("pw", hash)).toBe(true);
    expect(await verify("pW", hash)).toBe(false);
    expect(await verify("pw", "$argon2id$junk")).toBe(false);
  });

  it("run at most the given number of hashes at once, on that many threads and a spare", async () => {
    const pool = start({ threads: 2 });
    const jobs = Array.from({ length: 8 }, (_, i) => job(`password ${i}`));
    const running = jobs.map((each) => pool.run(each, anyone));
    // Two run; the others wait, the spare thread idle.
    expect(pool.waitingByAddress().get(anyone.address)).toBe(6);
    expect(await Promise.all(running)).toEqual(jobs.map(expectedKey));
    expect(pool.threadIds()).toHaveLength(3);
  });

  it("finish one address's hashes in the order they came", async () => {
    const pool = start({ threads: 1 });
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pool.run(job(`password ${i}`), anyone).then(() => finished.push(i)),
      ),
    );
    expect(finished).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("reject a hash scrypt refuses with scrypt's message, and go on with the next", async () => {
    const pool = start({ threads: 1 });
    const refused = pool.run({ ...job("x"), options: { N: 1000, r: 8, p: 1 } }, anyone);
    const next = pool.run(job("y"), anyone);
    await expect(refused).rejects.toThrow(/scrypt/i);
    expect(await next).toEqual(expectedKey(job("y")));
  });

  it("reject the hashes still waiting when they are closed", async () => {
    const pool = start({ threads: 1 });
    const outcomes = [pool.run(job("a"), anyone), pool.run(job("b"), anyone)].map((waiting) =>
      waiting.then(
        () => "derived",
        (error: Error) => error.message,
      ),
    );
    await pool.close();
    expect(await Promise.all(outcomes)).toEqual([
      "the hashing threads stopped",
      "the hashing threads stopped",
    ]);
  });

  it.runIf(process.platform === "linux")(
    "run at a lower priority than the event loop, which keeps its own",
    async () => {
      const before = threadNiceValues();
      const eventLoops = getPriority(0);
      const lowered = Math.min(19, eventLoops + 7);
      threads = createPasswordHashThreads({ threads: 1, lowerBy: 7, waitingLimit: 1 });
      await threads.run(job("nice"), anyone);
      const after = threadNiceValues();
      expect(after.filter((value) => value === lowered)).toHaveLength(
        before.filter((value) => value === lowered).length + 1,
      );
      // On Linux, this thread's own (the test's event loop): not lowered.
      expect(getPriority(0)).toBe(eventLoops);
    },
  );
});

describe("the hashing queue", () => {
  it("lets a hash whose client has gone leave the queue; the others still run", async () => {
    const pool = start({ threads: 1 });
    const running = pool.run(job("running"), from("198.51.100.1"));
    const gone = new AbortController();
    const abandoned = pool.run(job("abandoned"), from("198.51.100.2", gone.signal));
    const after = pool.run(job("after"), from("198.51.100.3"));
    expect(pool.waitingByAddress()).toEqual(
      new Map([
        ["198.51.100.2", 1],
        ["198.51.100.3", 1],
      ]),
    );

    gone.abort(new Error("the client has gone"));
    expect(pool.waitingByAddress()).toEqual(new Map([["198.51.100.3", 1]]));
    await expect(abandoned).rejects.toThrow("the client has gone");
    expect(await running).toEqual(expectedKey(job("running")));
    expect(await after).toEqual(expectedKey(job("after")));
  });

  it("starts the next hash on the spare thread beside one whose client went while it ran", async () => {
    const pool = start({ threads: 1 });
    // About 0.3-1 s on this machine: long enough to tell waiting for it from not.
    const slow = { ...job("slow"), options: { N: 2 ** 16, r: 8, p: 1, maxmem: 2 ** 28 } };
    const started = performance.now();
    await pool.run(slow, anyone);
    const slowMs = performance.now() - started;

    const leaving = new AbortController();
    const left = outcome(pool.run(slow, from("198.51.100.2", leaving.signal)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = performance.now();
    const next = pool.run(job("next"), from("198.51.100.3"));
    leaving.abort(new Error("the client has gone"));
    expect(await left).toBe("Error");
    expect(await next).toEqual(expectedKey(job("next")));
    // Not behind the orphaned hash: its thread is still deriving when the next key is ready.
    expect(performance.now() - asked).toBeLessThan(slowMs / 2);
    expect(pool.threadIds()).toHaveLength(2);
  });

  it("start the spare with the second job, before any client leaves, and take turns on it", async () => {
    const pool = start({ threads: 1 });
    await pool.run(job("first"), anyone);
    expect(pool.threadIds()).toHaveLength(1);
    await pool.run(job("second"), anyone);
    expect(pool.threadIds()).toHaveLength(2);
    for (let i = 0; i < 4; i += 1) await pool.run(job(`more ${i}`), anyone);
    expect(pool.threadIds()).toHaveLength(2);
  });

  it("never queues a hash whose client has already gone", async () => {
    const pool = start({ threads: 1 });
    const running = pool.run(job("running"), anyone);
    const abandoned = pool.run(job("late"), from("198.51.100.2", AbortSignal.abort()));
    expect(pool.waitingByAddress().size).toBe(0);
    await expect(abandoned).rejects.toThrow();
    await running;
  });

  it("refuses at once, with a Retry-After, a hash past the bound", async () => {
    const pool = start({ threads: 1, waitingLimit: 2 });
    const events: string[] = [];
    const jobs = ["running", "first", "second"].map((name) =>
      pool.run(job(name), anyone).then(() => events.push(`${name} done`)),
    );
    const refused = pool.run(job("third"), anyone).catch((error: unknown) => {
      events.push("third refused");
      return error;
    });
    expect(pool.waitingByAddress()).toEqual(new Map([[anyone.address, 2]]));
    const error = await refused;
    expect(error).toBeInstanceOf(HashQueueFull);
    expect((error as HashQueueFull).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((error as HashQueueFull).message).toMatch(/^Too many sign-ins at once\. Please try/);
    await Promise.all(jobs);
    // Refused before the hash in front of the queue had even finished: no wait at all.
    expect(events).toEqual(["third refused", "running done", "first done", "second done"]);
  });

  it("gives a newcomer's address its share of a full queue, taken from the address holding most", async () => {
    const pool = start({ threads: 1, waitingLimit: 4 });
    const flooder = from("203.0.113.66");
    const finished: string[] = [];
    const floods = Array.from({ length: 5 }, (_, i) =>
      outcome(pool.run(job(`flood ${i}`), flooder).then(() => finished.push(`flood ${i}`))),
    );
    // One running, four waiting: the queue is full, of one address's hashes.
    expect(pool.waitingByAddress()).toEqual(new Map([[flooder.address, 4]]));
    expect(await outcome(pool.run(job("more"), flooder))).toBe("HashQueueFull");

    const other = pool.run(job("other"), from("192.0.2.7")).then(() => finished.push("other"));
    expect(pool.waitingByAddress()).toEqual(
      new Map([
        [flooder.address, 3],
        ["192.0.2.7", 1],
      ]),
    );
    // The flooder's newest hash made the room.
    expect(await floods[4]).toBe("HashQueueFull");
    await Promise.all([other, ...floods]);
    // Taken in turn from each address: the newcomer waits for one of the flooder's, not all.
    expect(finished).toEqual(["flood 0", "flood 1", "other", "flood 2", "flood 3"]);
  });

  it("refuses a newcomer when every address holds no more than its share", async () => {
    const pool = start({ threads: 1, waitingLimit: 2 });
    const running = pool.run(job("running"), from("192.0.2.1"));
    const waiting = [pool.run(job("a"), from("192.0.2.2")), pool.run(job("b"), from("192.0.2.3"))];
    expect(await outcome(pool.run(job("c"), from("192.0.2.4")))).toBe("HashQueueFull");
    expect(await Promise.all([running, ...waiting].map(outcome))).toEqual(["done", "done", "done"]);
  });
});
