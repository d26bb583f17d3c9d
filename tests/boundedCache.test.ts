/** contract/boundedCache: bounded by entries (issue 24: no preallocation at start-up), least recently used out first. */
import { describe, expect, it } from "vitest";
import { boundedCache } from "../contract/boundedCache.js";

describe("boundedCache", () => {
  it("holds at most its number of entries and drops the least recently used", () => {
    const cache = boundedCache<string, number>(3);
    for (const [i, k] of ["a", "b", "c"].entries()) cache.set(k, i);
    cache.get("a");
    cache.set("d", 3);
    expect(cache.size).toBe(3);
    expect([...cache.keys()].sort()).toEqual(["a", "c", "d"]);
  });

  it("allocates nothing for its bound up front: a 50,000-entry cache takes no typed-array memory until used", () => {
    // lru-cache given `max` preallocates its index arrays (Uint32Array of `max`, 200 KB each at 50,000).
    const before = process.memoryUsage().arrayBuffers;
    const caches = Array.from({ length: 5 }, () => boundedCache<string, number>(50_000));
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(100_000);
    expect(caches).toHaveLength(5);
  });
});
