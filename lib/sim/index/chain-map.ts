// Map keyed by (chain, address) without building a key string per lookup (hot path: every swap).

export class ChainMap<T> {
  private readonly byChain = new Map<string, Map<string, T>>();
  private count = 0;

  get(chain: string, address: string): T | undefined {
    return this.byChain.get(chain)?.get(address);
  }

  set(chain: string, address: string, value: T): void {
    let m = this.byChain.get(chain);
    if (!m) {
      m = new Map();
      this.byChain.set(chain, m);
    }
    if (!m.has(address)) this.count++;
    m.set(address, value);
  }

  delete(chain: string, address: string): boolean {
    const ok = this.byChain.get(chain)?.delete(address) ?? false;
    if (ok) this.count--;
    return ok;
  }

  get size(): number {
    return this.count;
  }

  *values(): IterableIterator<T> {
    for (const m of this.byChain.values()) yield* m.values();
  }

  chainValues(chain: string): IterableIterator<T> {
    return (this.byChain.get(chain) ?? new Map<string, T>()).values();
  }
}
