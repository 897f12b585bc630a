import { describe, expect, it, vi } from "vitest";
import { versionedCache } from "~/server/cache.server";

describe("versionedCache", () => {
  it("computes a key once per version, sharing a computation in progress", async () => {
    const cache = versionedCache<Promise<{ n: number }>>({ max: 10 });
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    const [a, b] = await Promise.all([
      cache.get({ version: "1", key: "k", compute }),
      cache.get({ version: "1", key: "k", compute }),
    ]);
    expect(a).toBe(b);
    expect(computed).toBe(1);
    expect(await cache.get({ version: "2", key: "k", compute })).toEqual({ n: 2 });
    // The old version's value went with it.
    expect(await cache.get({ version: "1", key: "k", compute })).toEqual({ n: 3 });
  });

  it("does not keep a failed computation", async () => {
    const cache = versionedCache<Promise<{ ok: boolean }>>({ max: 10 });
    await expect(
      cache.get({ key: "k", compute: () => Promise.reject(new Error("database busy")) }),
    ).rejects.toThrow("database busy");
    expect(await cache.get({ key: "k", compute: async () => ({ ok: true }) })).toEqual({
      ok: true,
    });
  });

  it("drops the least recently used key past its bound", async () => {
    const cache = versionedCache<Promise<{ key: string }>>({ max: 2 });
    const computedKeys: string[] = [];
    const get = (key: string) =>
      cache.get({
        key,
        compute: async () => {
          computedKeys.push(key);
          return { key };
        },
      });
    await get("a");
    await get("b");
    await get("a");
    await get("c"); // b is the least recently used
    await get("a");
    await get("b");
    expect(computedKeys).toEqual(["a", "b", "c", "b"]);
  });
});

describe("versionedCache bounded by bytes", () => {
  it("keeps values up to maxBytes, dropping the least recently used past it", () => {
    const cache = versionedCache<string>({
      max: 100,
      maxBytes: { bytes: 10, sizeOf: (value) => value.length },
    });
    let computed = 0;
    const get = (key: string) =>
      cache.get({ key, compute: () => `${key}${String((computed += 1)).padStart(3, "0")}` });
    expect([get("a"), get("b")]).toEqual(["a001", "b002"]);
    // 8 bytes kept; a third value of 4 passes the 10: "a", the least recently used, goes.
    expect(get("c")).toBe("c003");
    expect(cache.peek({ key: "a" })).toBeUndefined();
    expect([get("b"), get("c")]).toEqual(["b002", "c003"]);
    // Far fewer than max entries were kept: the bytes bound them.
    expect(get("a")).toBe("a004");
  });
});

describe("versionedCache with an age", () => {
  let clock = 0;
  const now = () => clock;

  it("keeps a value made elsewhere for ttlMs, and not past a new version", () => {
    clock = 0;
    const cache = versionedCache<string>({ max: 10, ttlMs: 1000, now });
    cache.set({ version: 1, key: "/page", value: "<p>page</p>" });
    expect(cache.peek({ version: 1, key: "/page" })).toBe("<p>page</p>");
    clock = 999;
    expect(cache.peek({ version: 1, key: "/page" })).toBe("<p>page</p>");
    clock = 1000;
    expect(cache.peek({ version: 1, key: "/page" })).toBeUndefined();
    cache.set({ version: 1, key: "/page", value: "<p>again</p>" });
    expect(cache.peek({ version: 2, key: "/page" })).toBeUndefined();
    expect(cache.peek({ version: 1, key: "/page" })).toBeUndefined();
  });

  it("answers a stale value while one computation of its successor runs, then waits past staleUntilMs", async () => {
    clock = 0;
    const cache = versionedCache<Promise<string>>({ max: 10, ttlMs: 100, staleUntilMs: 200, now });
    let computed = 0;
    const releases: Array<() => void> = [];
    const compute = () => {
      const n = (computed += 1);
      return new Promise<string>((resolve) => releases.push(() => resolve(`v${n}`)));
    };
    const first = cache.get({ key: "k", compute });
    releases.shift()?.();
    expect(await first).toBe("v1");
    clock = 150;
    // Stale: the kept value at once, twice, with one computation behind it.
    expect(await cache.get({ key: "k", compute })).toBe("v1");
    expect(await cache.get({ key: "k", compute })).toBe("v1");
    expect(computed).toBe(2);
    releases.shift()?.();
    await vi.waitFor(async () => expect(await cache.get({ key: "k", compute })).toBe("v2"));
    clock = 150 + 250;
    // Past staleUntilMs: the caller waits for the successor.
    const waited = cache.get({ key: "k", compute });
    expect(computed).toBe(3);
    releases.shift()?.();
    expect(await waited).toBe("v3");
  });

  it("computes a plain value synchronously, once per key", () => {
    const cache = versionedCache<string>({ max: 2 });
    let computed = 0;
    const label = (key: string) => cache.get({ key, compute: () => `${key}:${(computed += 1)}` });
    expect([label("/a"), label("/a"), label("/b")]).toEqual(["/a:1", "/a:1", "/b:2"]);
  });
});
