import { canonicalAddress, detectAddressKind, type SearchResult } from "@/lib/api/core";

// Where an address typed into search leads: a token (by token or pool address), else the wallet page.

export type SearchTarget =
  | { kind: "token"; chain: string; address: string; result: SearchResult }
  | { kind: "wallet"; address: string; chain?: string };

export function tokenHref(chain: string, address: string): string {
  return `/token/${encodeURIComponent(chain)}/${encodeURIComponent(address)}`;
}

export function walletHref(address: string, chain?: string): string {
  const base = `/wallet/${encodeURIComponent(address)}`;
  return chain ? `${base}?chain=${encodeURIComponent(chain)}` : base;
}

export function targetHref(t: SearchTarget): string {
  return t.kind === "token" ? tokenHref(t.chain, t.address) : walletHref(t.address, t.chain);
}

/** The query as a canonical address when it is one (EVM lowercased), else null. */
export function queryAddress(q: string): string | null {
  return detectAddressKind(q) ? canonicalAddress(q) : null;
}

function same(a: string, b: string): boolean {
  return (canonicalAddress(a) ?? a) === b;
}

/**
 * Exact matches first: the token address itself, then a pool address (its token). Results arrive merged by liquidity
 * (§4.1), so the first match is the deepest; a chain filter narrows further. No match means a wallet.
 */
export function resolveAddressTarget(q: string, results: readonly SearchResult[], chain?: string): SearchTarget | null {
  const addr = queryAddress(q);
  if (!addr) return null;
  const pool = chain ? results.filter((r) => r.chain === chain) : results;
  const token = pool.find((r) => same(r.address, addr)) ?? pool.find((r) => same(r.pool.address, addr));
  if (token) return { kind: "token", chain: token.chain, address: token.address, result: token };
  return { kind: "wallet", address: addr, ...(chain ? { chain } : {}) };
}

/** Next active option index for ↑/↓/Home/End over n options (wraps; -1 when there are none). */
export function moveActive(current: number, n: number, key: "ArrowDown" | "ArrowUp" | "Home" | "End"): number {
  if (n <= 0) return -1;
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  if (current < 0 || current >= n) return key === "ArrowDown" ? 0 : n - 1;
  return key === "ArrowDown" ? (current + 1) % n : (current - 1 + n) % n;
}
