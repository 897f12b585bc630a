import type { ScryptOptions } from "node:crypto";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** One password-hashing job: a scrypt derivation, or an argon2id hash or check (PHC strings). */
export type HashJob =
  | {
      kind: "scrypt";
      password: string;
      salt: Buffer;
      keyLength: number;
      options: ScryptOptions;
    }
  | {
      kind: "argon2id-hash";
      password: string;
      memoryCost: number;
      timeCost: number;
      parallelism: number;
    }
  | { kind: "argon2id-verify"; password: string; hash: string };

/** What each kind of job answers. */
export interface HashResults {
  scrypt: Buffer;
  "argon2id-hash": string;
  "argon2id-verify": boolean;
}

/** On whose behalf a job runs: the client's address (its share of the queue) and its signal. */
export interface HashClient {
  address: string;
  /** Aborted when the client has gone: its job leaves the queue. */
  signal?: AbortSignal | undefined;
}

/** Refused at once: the queue is full and this client already holds its share of it. */
export class HashQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Too many sign-ins at once. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`,
    );
    this.name = "HashQueueFull";
  }
}

/**
 * A thread's code (CommonJS, no build step; argon2 is required from the path the main thread
 * resolved): it lowers its own scheduling priority by `lowerBy` nice steps (on Linux the nice
 * value is per thread: the event loop keeps its own), then runs the jobs it is given, one at a time.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
const { getPriority, setPriority } = require("node:os");
const argon2 = require(workerData.argon2Path);
if (workerData.lowerBy > 0) {
  try {
    setPriority(0, Math.min(19, getPriority(0) + workerData.lowerBy));
  } catch {
    // Not lowered (a sandbox may refuse it): hashing still works, at the process's priority.
  }
}
function run(job) {
  switch (job.kind) {
    case "scrypt":
      return scryptSync(job.password, job.salt, job.keyLength, job.options);
    case "argon2id-hash":
      return argon2.hashSync(job.password, {
        algorithm: argon2.Algorithm.Argon2id,
        memoryCost: job.memoryCost,
        timeCost: job.timeCost,
        parallelism: job.parallelism,
      });
    case "argon2id-verify":
      try {
        return argon2.verifySync(job.hash, job.password);
      } catch (error) {
        // A stored string argon2 cannot decode verifies no password.
        if (error.code === "InvalidArg") return false;
        throw error;
      }
  }
  throw new Error("unknown hashing job " + job.kind);
}
parentPort.on("message", (job) => {
  try {
    parentPort.postMessage({ result: run(job) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const argon2Path = createRequire(import.meta.url).resolve("@node-rs/argon2");

type Answer = { result: unknown } | { error: string };

interface Waiting {
  job: HashJob;
  address: string;
  signal: AbortSignal | undefined;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  /** Stops following the client's signal. */
  release: () => void;
}

interface Thread {
  worker: Worker;
  /** The job it is running, if any, and when it started (performance.now()). */
  busy: Waiting | null;
  busySince: number;
  /** Its job's client went while it ran: the hash cannot be stopped, and nobody waits for it. */
  orphaned: boolean;
  /** When it last finished a job (performance.now()): the idle thread longest unused goes next. */
  doneAt: number;
}

export interface PasswordHashThreads {
  /**
   * The job's result, computed on one of the threads. Rejects at once with HashQueueFull when the
   * queue is full and the client holds its share, with the signal's reason when the client goes
   * before the job starts, and with the hashing library's own message when the job fails.
   */
  run<Job extends HashJob>(job: Job, client: HashClient): Promise<HashResults[Job["kind"]]>;
  /** Jobs waiting (not yet running), by client address. */
  waitingByAddress(): Map<string, number>;
  /** Ids of the threads started so far (at most `threads`). */
  threadIds(): number[];
  /** Stops the threads; jobs waiting or under way reject. */
  close(): Promise<void>;
}

/**
 * How many hashing threads a machine of `cores` cores runs: one core is left to the event loop
 * (pages), the rest hash; a single core shares. A niced thread still takes a slice of the core the
 * event loop is on whenever it runs there, and on two cores two threads always did: one hashing
 * thread leaves the event loop a core of its own (docs/decisions/0050).
 */
export function hashingThreadCount(cores: number): number {
  return Math.max(1, Math.floor(cores) - 1);
}

/** A first guess at a job's duration, until one has been measured. */
const FIRST_JOB_ESTIMATE_MS = 100;
const MAX_RETRY_AFTER_SECONDS = 60;

/**
 * Password hashing on threads of its own (docs/decisions/0045, 0050). At most `threads` jobs run at
 * once, at a lower priority (`lowerBy` nice steps, Linux only: elsewhere the value is the whole
 * process's, so it is left alone), so pages get the cores first. At most `waitingLimit` jobs wait:
 * - taken in turn from each client address with jobs waiting (first come first served within an
 *   address), so one address's many jobs never hold another's back;
 * - when the queue is full, a newcomer whose address holds at least two jobs fewer than the
 *   address holding the most takes the latter's newest place (that job is refused with
 *   HashQueueFull); otherwise the newcomer is refused at once, never left to wait long;
 * - a job whose client's signal aborts leaves the queue; one already running is rejected at once
 *   and finishes unheard (a native hash cannot be stopped) while the next job runs on a spare
 *   thread: there is one thread more than `threads`, and jobs go to the idle thread longest unused,
 *   so the spare is warm (a new thread's first two argon2id hashes took 123 and 73 ms against 12:
 *   the memory they touch the first time). A client that left never holds up the next one.
 * Threads start with the first jobs and do not keep the process alive while idle; one that fails
 * fails its own job only, and the next job starts another.
 */
export function createPasswordHashThreads({
  threads,
  lowerBy,
  waitingLimit,
}: {
  threads: number;
  lowerBy: number;
  waitingLimit: number;
}): PasswordHashThreads {
  /** Waiting jobs by address; the Map's order is the turn order (the next turn is the first). */
  const waiting = new Map<string, Waiting[]>();
  let waitingCount = 0;
  const started: Thread[] = [];
  const perThreadLowering = process.platform === "linux" ? lowerBy : 0;
  let averageJobMs = FIRST_JOB_ESTIMATE_MS;

  function startThread(): Thread {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { lowerBy: perThreadLowering, argon2Path },
    });
    const thread: Thread = { worker, busy: null, busySince: 0, orphaned: false, doneAt: 0 };
    worker.on("message", (answer: Answer) => {
      const done = thread.orphaned ? null : thread.busy;
      thread.busy?.release();
      thread.busy = null;
      thread.orphaned = false;
      thread.doneAt = performance.now();
      averageJobMs = 0.8 * averageJobMs + 0.2 * (performance.now() - thread.busySince);
      if ("result" in answer) {
        done?.resolve(
          answer.result instanceof Uint8Array ? Buffer.from(answer.result) : answer.result,
        );
      } else done?.reject(new Error(answer.error));
      next();
    });
    const fail = (error: Error) => {
      if (!started.includes(thread)) return;
      started.splice(started.indexOf(thread), 1);
      thread.busy?.release();
      if (!thread.orphaned) thread.busy?.reject(error);
      thread.busy = null;
      next();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a hashing thread stopped (exit code ${code})`)));
    started.push(thread);
    return thread;
  }

  function remove(job: Waiting) {
    const jobs = waiting.get(job.address);
    const index = jobs?.indexOf(job) ?? -1;
    if (!jobs || index < 0) return false;
    jobs.splice(index, 1);
    waitingCount -= 1;
    if (jobs.length === 0) waiting.delete(job.address);
    return true;
  }

  /** The next job in turn: the first address's oldest; that address then goes last. */
  function takeNext(): Waiting | undefined {
    const first = waiting.entries().next();
    if (first.done === true) return undefined;
    const [address, jobs] = first.value;
    const job = jobs.shift() as Waiting;
    waitingCount -= 1;
    waiting.delete(address);
    if (jobs.length > 0) waiting.set(address, jobs);
    job.release();
    return job;
  }

  /** Jobs running for a client still there: these are what `threads` bounds. */
  const heardCount = () =>
    started.filter((thread) => thread.busy !== null && !thread.orphaned).length;

  /** The idle thread longest unused, so that the spare is as warm as the others. */
  function idleThread(): Thread | undefined {
    let oldest: Thread | undefined;
    for (const thread of started) {
      if (thread.busy === null && (!oldest || thread.doneAt < oldest.doneAt)) oldest = thread;
    }
    return oldest;
  }

  /** Hands waiting jobs to idle threads (starting threads up to the limit and the spare). */
  function next() {
    while (waitingCount > 0 && heardCount() < threads) {
      const thread = started.length < threads + 1 ? startThread() : idleThread();
      if (!thread) break;
      const job = takeNext() as Waiting;
      thread.busy = job;
      thread.busySince = performance.now();
      thread.worker.ref();
      thread.worker.postMessage(job.job);
      const abandon = () => {
        thread.orphaned = true;
        job.reject(job.signal?.reason as Error);
        next();
      };
      job.signal?.addEventListener("abort", abandon, { once: true });
      job.release = () => job.signal?.removeEventListener("abort", abandon);
    }
    for (const thread of started) if (thread.busy === null) thread.worker.unref();
  }

  /** Seconds until the queue, as it is now, has been worked through (1 to a minute). */
  function retryAfterSeconds() {
    const ms = (waitingCount / Math.max(1, threads) + 1) * averageJobMs;
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(ms / 1000)));
  }

  /** Makes room for a newcomer from `address`, if another address holds a larger share. */
  function makeRoomFor(address: string): boolean {
    let largest: Waiting[] | undefined;
    for (const jobs of waiting.values()) if (jobs.length > (largest?.length ?? 0)) largest = jobs;
    const own = waiting.get(address)?.length ?? 0;
    const evicted = largest && largest.length > own + 1 ? largest.at(-1) : undefined;
    if (!evicted) return false;
    remove(evicted);
    evicted.release();
    evicted.reject(new HashQueueFull(retryAfterSeconds()));
    return true;
  }

  return {
    run<Job extends HashJob>(job: Job, { address, signal }: HashClient) {
      return new Promise<HashResults[Job["kind"]]>((resolve, reject) => {
        signal?.throwIfAborted();
        if (waitingCount >= waitingLimit && !makeRoomFor(address)) {
          throw new HashQueueFull(retryAfterSeconds());
        }
        const entry: Waiting = {
          job,
          address,
          signal,
          resolve: resolve as (result: unknown) => void,
          reject,
          release: () => signal?.removeEventListener("abort", leave),
        };
        function leave() {
          if (remove(entry)) reject(signal?.reason as Error);
        }
        signal?.addEventListener("abort", leave, { once: true });
        const jobs = waiting.get(address);
        if (jobs) jobs.push(entry);
        else waiting.set(address, [entry]);
        waitingCount += 1;
        next();
      });
    },
    waitingByAddress: () =>
      new Map([...waiting].map(([address, jobs]) => [address, jobs.length] as const)),
    threadIds: () => started.map((thread) => thread.worker.threadId),
    async close() {
      const stopping = started.splice(0);
      const stopped = new Error("the hashing threads stopped");
      for (const jobs of waiting.values()) {
        for (const job of jobs) {
          job.release();
          job.reject(stopped);
        }
      }
      waiting.clear();
      waitingCount = 0;
      for (const thread of stopping) {
        thread.busy?.release();
        if (!thread.orphaned) thread.busy?.reject(stopped);
      }
      await Promise.all(stopping.map((thread) => thread.worker.terminate()));
    },
  };
}
