import type { ScryptOptions } from "node:crypto";
import { Worker } from "node:worker_threads";

/** One scrypt derivation, as `crypto.scrypt` takes it. */
export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: ScryptOptions;
}

/**
 * A thread's code (CommonJS, Node's own modules only, so no build step): it lowers its own
 * scheduling priority by `lowerBy` nice steps (on Linux the nice value is per thread: the event
 * loop keeps its own),
 * then derives the keys it is given, one at a time.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
const { getPriority, setPriority } = require("node:os");
if (workerData.lowerBy > 0) {
  try {
    setPriority(0, Math.min(19, getPriority(0) + workerData.lowerBy));
  } catch {
    // Not lowered (a sandbox may refuse it): hashing still works, at the process's priority.
  }
}
parentPort.on("message", ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Answer = { key: Uint8Array } | { error: string };

interface Waiting {
  job: ScryptJob;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** The job it is deriving, if any. */
  busy: Waiting | null;
}

export interface ScryptThreads {
  /** The key, derived on one of the threads; rejects with scrypt's own message when it fails. */
  derive(job: ScryptJob): Promise<Buffer>;
  /** Ids of the threads started so far (at most `threads`). */
  threadIds(): number[];
  /** Stops the threads; jobs waiting or under way reject. */
  close(): Promise<void>;
}

/**
 * Password hashing on threads of its own (docs/decisions/0045). scrypt at DESIGN.md's cost takes
 * a core for about a third of a second; on libuv's pool it competed with the event loop as an
 * equal, so page views slowed while sign-ins ran. These threads run at a lower priority
 * (`lowerBy` nice steps, Linux only: elsewhere the value is the whole process's, so it is left
 * alone): the
 * pages get the cores first and hashing takes what is left. At most `threads` hashes run at once;
 * the others wait in one queue, first come first served (a sign-in waits for the sign-ins before
 * it, never for one after it). Threads start with the first jobs and do not keep the process
 * alive while idle; one that fails fails its own job only, and the next job starts another.
 */
export function createScryptThreads({
  threads,
  lowerBy,
}: {
  threads: number;
  lowerBy: number;
}): ScryptThreads {
  const queue: Waiting[] = [];
  const started: Thread[] = [];
  const perThreadLowering = process.platform === "linux" ? lowerBy : 0;

  function startThread(): Thread {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { lowerBy: perThreadLowering },
    });
    const thread: Thread = { worker, busy: null };
    worker.on("message", (answer: Answer) => {
      const done = thread.busy;
      thread.busy = null;
      if ("key" in answer) done?.resolve(Buffer.from(answer.key));
      else done?.reject(new Error(answer.error));
      next();
    });
    const fail = (error: Error) => {
      if (!started.includes(thread)) return;
      started.splice(started.indexOf(thread), 1);
      thread.busy?.reject(error);
      thread.busy = null;
      next();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a hashing thread stopped (exit code ${code})`)));
    started.push(thread);
    return thread;
  }

  /** Hands waiting jobs to idle threads (starting threads up to the limit). */
  function next() {
    while (queue.length > 0) {
      const thread =
        started.find((candidate) => candidate.busy === null) ??
        (started.length < threads ? startThread() : null);
      if (!thread) return;
      const waiting = queue.shift() as Waiting;
      thread.busy = waiting;
      thread.worker.ref();
      thread.worker.postMessage(waiting.job);
    }
    for (const thread of started) if (thread.busy === null) thread.worker.unref();
  }

  return {
    derive(job) {
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        next();
      });
    },
    threadIds: () => started.map((thread) => thread.worker.threadId),
    async close() {
      const stopping = started.splice(0);
      const stopped = new Error("the hashing threads stopped");
      for (const waiting of queue.splice(0)) waiting.reject(stopped);
      for (const thread of stopping) thread.busy?.reject(stopped);
      await Promise.all(stopping.map((thread) => thread.worker.terminate()));
    },
  };
}
