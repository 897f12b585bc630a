/**
 * Whose turn it is to write to the database: the server's thread or the sync worker thread
 * (docs/decisions/0019). SQLite lets one connection write at a time, and a connection that finds
 * the lock taken sleeps in its busy handler: on the server's thread that would hold the event loop
 * for as long as the worker's transaction runs, and a deferred transaction that read before the
 * worker committed could not write at all (SQLITE_BUSY_SNAPSHOT). So every write of the server's
 * thread first waits for its turn without blocking (`takeAsync`), and the worker takes the turn
 * around each store transaction (`takeBlocking`), giving way whenever the server's thread waits.
 */
const HOLDER = 0;
const WAITING = 1;
const FREE = 0;
const SERVER = 1;
const WORKER = 2;
/** How often a waiter looks again without being woken (a lost wake-up costs at most this). */
const RECHECK_MS = 50;

export class WriteTurn {
  readonly #state: Int32Array;

  constructor(readonly shared = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT)) {
    this.#state = new Int32Array(shared);
  }

  /** The server's thread: resolves once it holds the turn; the event loop runs meanwhile. */
  async takeAsync(): Promise<void> {
    const state = this.#state;
    Atomics.add(state, WAITING, 1);
    try {
      for (;;) {
        const holder = Atomics.compareExchange(state, HOLDER, FREE, SERVER);
        if (holder === FREE) return;
        const wait = Atomics.waitAsync(state, HOLDER, holder, RECHECK_MS);
        if (wait.async) await wait.value;
      }
    } finally {
      Atomics.sub(state, WAITING, 1);
      Atomics.notify(state, WAITING);
    }
  }

  /** The sync worker thread: blocks until it holds the turn, after any waiting server write. */
  takeBlocking(): void {
    const state = this.#state;
    for (;;) {
      const waiting = Atomics.load(state, WAITING);
      if (waiting > 0) {
        Atomics.wait(state, WAITING, waiting, RECHECK_MS);
        continue;
      }
      const holder = Atomics.compareExchange(state, HOLDER, FREE, WORKER);
      if (holder === FREE) return;
      Atomics.wait(state, HOLDER, holder, RECHECK_MS);
    }
  }

  release(): void {
    Atomics.store(this.#state, HOLDER, FREE);
    Atomics.notify(this.#state, HOLDER);
  }

  /** For a sync worker thread that stopped while it held the turn (its transaction rolled back). */
  releaseFromStoppedWorker(): void {
    if (Atomics.compareExchange(this.#state, HOLDER, WORKER, FREE) === WORKER) {
      Atomics.notify(this.#state, HOLDER);
    }
  }
}

/**
 * The process's turn: made by the server's thread and handed to the sync worker thread, which
 * adopts it (`adoptWriteTurn`) before its first write.
 */
let processTurn = new WriteTurn();

export function writeTurn(): WriteTurn {
  return processTurn;
}

export function adoptWriteTurn(shared: SharedArrayBuffer): void {
  processTurn = new WriteTurn(shared);
}
