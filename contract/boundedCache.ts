/**
 * An LRU cache bounded by its number of entries, without allocating for that bound up front.
 * `lru-cache` given `max` preallocates arrays of `max` slots (30–40 ms for 50,000 on a loaded
 * machine, several caches paid at every `mira run`'s start); bounding by `maxSize` with every
 * entry of size 1 keeps the same bound while the arrays grow with use.
 */
import { LRUCache } from "lru-cache";

export function boundedCache<K extends {}, V extends {}>(entries: number): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: entries, sizeCalculation: () => 1 });
}
