import type { PulseView } from "@/lib/api";
import type { IndexedToken } from "./state";

// §4.4 launchpad views (§3 names them):
//   new       — every launchpad token created under 24 h ago, whatever its stage (bonding, migrated); newest first
//   bonding   — curve at or above BONDING_ENTRY_PCT, not migrated, traded within ACTIVE_MS; sorted by progress
//   graduated — migrated within the last 7 days (graduatedAt from the migration event); newest first
// So a young launch can sit in new and bonding (or graduated) at once; bonding → graduated is a leave plus an enter.

export const BONDING_ENTRY_PCT = 15;
export const NEW_MS = 24 * 3600_000;
export const ACTIVE_MS = 6 * 3600_000;
export const GRADUATED_MS = 7 * 86400_000;

const BIT: Record<PulseView, number> = { new: 1, bonding: 2, graduated: 4 };
export const VIEWS: PulseView[] = ["new", "bonding", "graduated"];

export function viewBits(t: IndexedToken, now: number): number {
  if (!t.factory || t.retired) return 0;
  // an entry needs a pool and a bonding progress (§2.4 types them; never a placeholder)
  if ((!t.pricing && !t.curvePool) || t.bondingProgress === null) return 0;
  // §3: new is purely age-based
  const young = t.createdAt >= now - NEW_MS ? BIT.new : 0;
  if (t.migrated) return young | (t.graduatedAt !== null && t.graduatedAt >= now - GRADUATED_MS ? BIT.graduated : 0);
  const progress = t.bondingProgress;
  const bonding = progress >= BONDING_ENTRY_PCT && (t.lastTradeAt ?? t.createdAt) >= now - ACTIVE_MS;
  return young | (bonding ? BIT.bonding : 0);
}

export function inView(t: IndexedToken, view: PulseView): boolean {
  return (t.views & BIT[view]) !== 0;
}

export type DeltaSink = (view: PulseView, kind: "enter" | "update" | "leave", t: IndexedToken) => void;

export class PulseIndex {
  /** Launch tokens per chain in creation order, and graduated ones in graduation order. */
  private readonly created = new Map<string, IndexedToken[]>();
  private readonly graduated = new Map<string, IndexedToken[]>();
  private readonly bonding = new Set<IndexedToken>();

  constructor(private readonly sink: DeltaSink) {}

  added(t: IndexedToken): void {
    if (!t.factory) return;
    list(this.created, t.chain).push(t);
  }

  /** Re-evaluates one token; emits enter/leave on membership changes and update when `changed`. */
  evaluate(t: IndexedToken, now: number, changed: boolean): void {
    const before = t.views;
    const after = viewBits(t, now);
    t.views = after;
    if (after & BIT.bonding) this.bonding.add(t);
    else this.bonding.delete(t);
    if (after & BIT.graduated && !(before & BIT.graduated)) list(this.graduated, t.chain).push(t);
    for (const view of VIEWS) {
      const b = BIT[view];
      if (before & b && !(after & b)) this.sink(view, "leave", t);
      else if (!(before & b) && after & b) this.sink(view, "enter", t);
      else if (after & b && changed) this.sink(view, "update", t);
    }
  }

  /** Time-based transitions (ageing out of new, inactive curves, graduation older than 7 days). */
  sweep(now: number): void {
    // `created` only serves the new view: tokens past 24 h are re-evaluated once and dropped from it.
    for (const [chain, arr] of this.created) {
      let drop = 0;
      for (const t of arr) {
        if (!t.retired && t.createdAt >= now - NEW_MS) break;
        if (t.views) this.evaluate(t, now, false);
        drop++;
      }
      if (drop > 0) this.created.set(chain, arr.slice(drop));
    }
    for (const t of [...this.bonding]) this.evaluate(t, now, false);
    for (const [chain, arr] of this.graduated) {
      let drop = 0;
      for (const t of arr) {
        if (!t.retired && (t.graduatedAt ?? 0) >= now - GRADUATED_MS) break;
        this.evaluate(t, now, false);
        drop++;
      }
      if (drop > 0) this.graduated.set(chain, arr.slice(drop));
    }
  }

  removed(t: IndexedToken, now: number): void {
    t.retired = true;
    this.evaluate(t, now, false);
    this.compact(this.created, t.chain);
    this.compact(this.graduated, t.chain);
  }

  private compact(m: Map<string, IndexedToken[]>, chain: string): void {
    const arr = m.get(chain);
    if (arr && arr.length > 64 && arr.filter((x) => x.retired).length > arr.length / 4)
      m.set(
        chain,
        arr.filter((x) => !x.retired),
      );
  }

  list(view: PulseView, chains: readonly string[], limit: number): IndexedToken[] {
    if (view === "bonding") {
      const set = new Set(chains);
      return [...this.bonding]
        .filter((t) => set.has(t.chain))
        .sort((a, b) => (b.bondingProgress ?? 0) - (a.bondingProgress ?? 0) || b.createdAt - a.createdAt)
        .slice(0, limit);
    }
    const source = view === "new" ? this.created : this.graduated;
    const key = view === "new" ? (t: IndexedToken) => t.createdAt : (t: IndexedToken) => t.graduatedAt ?? 0;
    const out: IndexedToken[] = [];
    for (const chain of chains) {
      const arr = source.get(chain) ?? [];
      let n = 0;
      for (let i = arr.length - 1; i >= 0 && n < limit; i--) {
        const t = arr[i] as IndexedToken;
        if (!t.retired && inView(t, view)) {
          out.push(t);
          n++;
        }
      }
    }
    return out.sort((a, b) => key(b) - key(a) || b.seq - a.seq).slice(0, limit);
  }

  counts(): Record<PulseView, number> {
    let n = 0;
    for (const arr of this.created.values()) for (const t of arr) if (inView(t, "new")) n++;
    let g = 0;
    for (const arr of this.graduated.values()) for (const t of arr) if (inView(t, "graduated")) g++;
    return { new: n, bonding: this.bonding.size, graduated: g };
  }
}

function list(m: Map<string, IndexedToken[]>, chain: string): IndexedToken[] {
  let a = m.get(chain);
  if (!a) {
    a = [];
    m.set(chain, a);
  }
  return a;
}
