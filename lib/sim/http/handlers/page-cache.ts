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
