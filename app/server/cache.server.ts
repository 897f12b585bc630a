import { LRUCache } from "lru-cache";

/**
 * The app's one cache shape (issue 31): a value computed at most once per key for one version of
 * the data it comes from (the sync generation, a store count; "" where the key names the data
 * itself), the least recently used dropped past `max` (or past `maxBytes`). A new version empties
 * it. A promise is kept as it is, so callers asking for a key being computed share that
 * computation; a rejected one is not kept.
 */
export interface VersionedCache<V extends object | string> {
  /** The value of `key` at `version`: the kept one, else `compute()`'s (kept). */
  get(options: { version?: Version; key: string; compute: () => V }): V;
  /** The value kept for `key` at `version` and still fresh, if any: nothing is computed. */
  peek(options: { version?: Version; key: string }): V | undefined;
  /** Keeps a value made elsewhere (a page as it was sent) for `key` at `version`. */
  set(options: { version?: Version; key: string; value: V }): void;
}

type Version = string | number;

/** How many bytes of values are kept, as `sizeOf` measures them. */
interface BytesBound<V> {
  bytes: number;
  sizeOf: (value: V) => number;
}

/**
 * Bounded by a count of keys (`max`), by the bytes of their values (`maxBytes`: for large values
 * whose sizes vary, where a count says little about the memory held), or by both.
 */
export type VersionedCacheOptions<V> = (
  { max: number; maxBytes?: BytesBound<V> } | { max?: number; maxBytes: BytesBound<V> }
) & {
  /** A value is fresh for this long after its computation started; unset: until the version moves. */
  ttlMs?: number;
  /**
   * Past ttlMs and up to this age, `get` still answers the kept value while one computation of
   * its successor runs behind it (kept once it resolves); older, `get` waits for that computation.
   */
  staleUntilMs?: number;
  now?: () => number;
};

interface Kept<V> {
  value: V;
  storedAt: number;
  /** The computation of the successor of a stale value, while it runs. */
  next?: V;
}

// lru-cache's own ttl is not used: it reads a start time of 0 as "never stale", which an injected
// clock (the tests') starts at, and it keeps a value for exactly ttl too; the ages are counted here.
export function versionedCache<V extends object | string>({
  max,
  ttlMs = Infinity,
  staleUntilMs = ttlMs,
  now = () => Date.now(),
  maxBytes,
}: VersionedCacheOptions<V>): VersionedCache<V> {
  const values = new LRUCache<string, Kept<V>>(
    maxBytes
      ? {
          ...(max === undefined ? {} : { max }),
          maxSize: maxBytes.bytes,
          // At least 1: lru-cache refuses a size of 0.
          sizeCalculation: (kept) => Math.max(1, maxBytes.sizeOf(kept.value)),
        }
      : { max: max ?? 0 },
  );
  let currentVersion: Version = "";

  function moveTo(version: Version) {
    if (version === currentVersion) return;
    currentVersion = version;
    values.clear();
  }

  /** Keeps `value` from now, and forgets it should it be a promise that rejects. */
  function keep(key: string, value: V): Kept<V> {
    const kept: Kept<V> = { value, storedAt: now() };
    values.set(key, kept);
    if (value instanceof Promise) {
      value.catch(() => {
        if (values.get(key) === kept) values.delete(key);
      });
    }
    return kept;
  }

  /** Computes a stale value's successor behind it; kept once it resolves, unless moved on. */
  function refresh(key: string, stale: Kept<V>, compute: () => V): V {
    const storedAt = now();
    const version = currentVersion;
    const next = compute();
    stale.next = next;
    const settled = () => {
      if (stale.next === next) stale.next = undefined;
    };
    if (!(next instanceof Promise)) {
      values.set(key, { value: next, storedAt });
      return next;
    }
    next.then(() => {
      settled();
      if (version === currentVersion) values.set(key, { value: next, storedAt });
    }, settled);
    return next;
  }

  return {
    get({ version = "", key, compute }) {
      moveTo(version);
      const kept = values.get(key);
      if (!kept) return keep(key, compute()).value;
      const age = now() - kept.storedAt;
      if (age < ttlMs) return kept.value;
      const next = kept.next ?? refresh(key, kept, compute);
      return age < staleUntilMs ? kept.value : next;
    },
    peek({ version = "", key }) {
      moveTo(version);
      const kept = values.get(key);
      return kept && now() - kept.storedAt < ttlMs ? kept.value : undefined;
    },
    set({ version = "", key, value }) {
      moveTo(version);
      keep(key, value);
    },
  };
}
