import { LRUCache } from 'lru-cache';

export interface LookupCacheOptions<K, V> {
  /** Entries kept (the most recently used). */
  max: number;
  /** How old an answer may be. */
  ttlMs: number;
  load(key: K): Promise<V>;
  /** Whether an answer may be kept: e.g. not a "not found" that a moment later may be found. */
  keep?(value: V): boolean;
}

/**
 * A lookup in a read table whose lag is harmless (a hotel's name, a pick-up time, a slot's group, a user's id),
 * kept for a few seconds per process. A booking asked for each on every command, and each was a round trip
 * the database had to serve between the appends that decide. Never for what decides an invariant: seats,
 * prices and contracts are read from their streams (ARCHITECTURE.md, "Selling seats").
 */
export function lookupCache<K extends string | number, V>(options: LookupCacheOptions<K, V>): (key: K) => Promise<V> {
  const cache = new LRUCache<K, { value: V }>({ max: options.max, ttl: options.ttlMs });
  return async (key) => {
    const hit = cache.get(key);
    if (hit) return hit.value;
    const value = await options.load(key);
    if (!options.keep || options.keep(value)) cache.set(key, { value });
    return value;
  };
}
