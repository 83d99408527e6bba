import { RawJson } from "../respond";

// Serialized pages for repeat requests: a hundred viewers polling one token's tape between two trades cost one
// serialization, not a hundred. An entry is valid while its source's version is unchanged (the tape bumps it on every
// new, confirmed, reverted or trimmed row). Bounded by bytes and entries; one cache per market instance.

export interface PageCacheLimits {
  maxBytes: number;
  maxEntries: number;
}

interface Entry {
  version: number;
  json: string;
  meta: Record<string, unknown>;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: PageCacheLimits = { maxBytes: 8 * 1024 * 1024, maxEntries: 512 }) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string, version: number): Entry | undefined {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  set(key: string, version: number, json: string, meta: Record<string, unknown>): void {
    const size = json.length + key.length;
    if (size > this.limits.maxBytes) return;
    this.drop(key);
    this.entries.set(key, { version, json, meta });
    this.bytes += size;
    while (this.bytes > this.limits.maxBytes || this.entries.size > this.limits.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.json.length + key.length;
  }
}

const caches = new WeakMap<object, PageCache>();

/** The page cache of one market instance (several can run in one process). */
export function pageCacheOf(owner: object): PageCache {
  let c = caches.get(owner);
  if (!c) {
    c = new PageCache();
    caches.set(owner, c);
  }
  return c;
}

/**
 * A handler's page through the market's cache: `key` names the read (null: not cacheable), `version` the state it
 * reflects; a hit returns the stored bytes, a miss computes, stores and returns them.
 */
export function cachedPage<M extends Record<string, unknown>>(
  owner: object,
  key: readonly unknown[] | null,
  version: number,
  compute: () => { data: unknown; meta: M },
): { data: unknown; meta: Record<string, unknown> } {
  if (!key) return compute();
  const cache = pageCacheOf(owner);
  const k = JSON.stringify(key);
  const hit = cache.get(k, version);
  if (hit) return { data: new RawJson(hit.json), meta: hit.meta };
  const page = compute();
  const json = JSON.stringify(page.data);
  cache.set(k, version, json, page.meta);
  return { data: new RawJson(json), meta: page.meta };
}
