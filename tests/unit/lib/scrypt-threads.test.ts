import { scryptSync } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { createScryptThreads } from "~/lib/scrypt-threads.server";
import type { ScryptJob, ScryptThreads } from "~/lib/scrypt-threads.server";

// Cheap parameters: these tests are about the threads and the queue, not about scrypt's cost.
const job = (password: string): ScryptJob => ({
  password,
  salt: Buffer.from("0123456789abcdef"),
  keyLength: 64,
  options: { N: 1024, r: 8, p: 1 },
});
const expectedKey = ({ password, salt, keyLength, options }: ScryptJob) =>
  scryptSync(password, salt, keyLength, options);

/** The nice values of this process's threads (Linux: one per thread). */
function threadNiceValues(): number[] {
  return readdirSync("/proc/self/task").map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
    // The fields after the command name (which may hold spaces), starting with the state (3rd).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[19 - 3]);
  });
}

let threads: ScryptThreads | null = null;
afterEach(async () => {
  await threads?.close();
  threads = null;
});

describe("password hashing threads", () => {
  it("derive the same keys as scrypt on the event loop", async () => {
    threads = createScryptThreads({ threads: 2, lowerBy: 10 });
    const jobs = ["alpha", "beta", "gamma"].map(job);
    const keys = await Promise.all(jobs.map((each) => threads?.derive(each)));
    expect(keys).toEqual(jobs.map(expectedKey));
  });

  it("run at most the given number of hashes at once, on that many threads", async () => {
    threads = createScryptThreads({ threads: 2, lowerBy: 10 });
    const jobs = Array.from({ length: 8 }, (_, i) => job(`password ${i}`));
    const keys = await Promise.all(jobs.map((each) => threads?.derive(each)));
    expect(keys).toEqual(jobs.map(expectedKey));
    // A thread derives one key at a time, so the threads are what bounds the hashes at once.
    expect(threads.threadIds()).toHaveLength(2);
  });

  it("finish the waiting hashes in the order they came", async () => {
    threads = createScryptThreads({ threads: 1, lowerBy: 10 });
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        threads?.derive(job(`password ${i}`)).then(() => finished.push(i)),
      ),
    );
    expect(finished).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("reject a hash scrypt refuses with scrypt's message, and go on with the next", async () => {
    threads = createScryptThreads({ threads: 1, lowerBy: 10 });
    const refused = threads.derive({ ...job("x"), options: { N: 1000, r: 8, p: 1 } });
    const next = threads.derive(job("y"));
    await expect(refused).rejects.toThrow(/scrypt/i);
    expect(await next).toEqual(expectedKey(job("y")));
  });

  it("reject the hashes still waiting when they are closed", async () => {
    threads = createScryptThreads({ threads: 1, lowerBy: 10 });
    const outcomes = [threads.derive(job("a")), threads.derive(job("b"))].map((waiting) =>
      waiting.then(
        () => "derived",
        (error: Error) => error.message,
      ),
    );
    await threads.close();
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
      threads = createScryptThreads({ threads: 1, lowerBy: 7 });
      await threads.derive(job("nice"));
      const after = threadNiceValues();
      expect(after.filter((value) => value === lowered)).toHaveLength(
        before.filter((value) => value === lowered).length + 1,
      );
      // On Linux, this thread's own (the test's event loop): not lowered.
      expect(getPriority(0)).toBe(eventLoops);
    },
  );
});
