import { describe, expect, it } from "vitest";
import { versionedCache } from "~/server/cache.server";

describe("versionedCache", () => {
  it("computes a key once per version, sharing a computation in progress", async () => {
    const cache = versionedCache<{ n: number }>({ max: 10 });
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
    const cache = versionedCache<{ ok: boolean }>({ max: 10 });
    await expect(
      cache.get({ key: "k", compute: () => Promise.reject(new Error("database busy")) }),
    ).rejects.toThrow("database busy");
    expect(await cache.get({ key: "k", compute: async () => ({ ok: true }) })).toEqual({
      ok: true,
    });
  });

  it("drops the least recently used key past its bound", async () => {
    const cache = versionedCache<{ key: string }>({ max: 2 });
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
