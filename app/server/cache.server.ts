import { LRUCache } from "lru-cache";

/**
 * The app's one cache shape (issue 31): values computed at most once per key for one version of
 * the data they come from (a sync generation, a store count; "" where the key names the data
 * itself), the least recently used dropped past `max`. A new version empties it; callers asking
 * for a key being computed share that computation; a failed computation is not kept.
 */
export interface VersionedCache<V> {
  get(options: { version?: string; key: string; compute: () => Promise<V> }): Promise<V>;
}

export function versionedCache<V extends object>({ max }: { max: number }): VersionedCache<V> {
  const values = new LRUCache<string, Promise<V>>({ max });
  let currentVersion = "";
  return {
    get({ version = "", key, compute }) {
      if (version !== currentVersion) {
        currentVersion = version;
        values.clear();
      }
      const kept = values.get(key);
      if (kept) return kept;
      const computed = compute();
      values.set(key, computed);
      computed.catch(() => {
        if (values.get(key) === computed) values.delete(key);
      });
      return computed;
    },
  };
}
