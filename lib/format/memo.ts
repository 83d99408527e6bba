/** A string-keyed memo with least-recently-used eviction: at most `max` entries, ever. */
export interface BoundedMemo<R> {
  (key: string): R;
  size(): number;
  clear(): void;
}

export function boundedMemo<R>(fn: (key: string) => R, max: number): BoundedMemo<R> {
  const cache = new Map<string, R>();
  const memo = ((key: string) => {
    if (cache.has(key)) {
      const hit = cache.get(key) as R;
      cache.delete(key); // re-insert: Map order is recency order
      cache.set(key, hit);
      return hit;
    }
    const value = fn(key);
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  }) as BoundedMemo<R>;
  memo.size = () => cache.size;
  memo.clear = () => cache.clear();
  return memo;
}
