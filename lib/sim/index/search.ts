import { canonicalAddress } from "@/lib/api";
import { type IndexedPool, type IndexedToken, searchText, tokenLiquidityNative } from "./state";
import { searchable } from "./views";

// §4.1 search. `nameRank` is the match tier (our choice; the spec only says "rank of the name match"):
//   0 exact token or pool address · 1 exact symbol or name · 2 prefix · 3 substring · 4 trigram-similar.
// Results are ordered by tier, then by USD liquidity — EVM and Solana merged, as the spec describes. A token with no
// pool yet is not a result: it has no price or pool to show (§1.9).

export interface SearchHit {
  token: IndexedToken & { pricing: IndexedPool };
  nameRank: number;
  liquidityUsd: number;
}

export interface SearchSource {
  byAddress(chain: string | undefined, address: string): IndexedToken[];
  all(): Iterable<IndexedToken>;
  nativeUsd(chain: string): number;
}

const MIN_SIMILARITY = 0.34;

export function search(src: SearchSource, q: string, chain: string | undefined, limit: number): SearchHit[] {
  const liq = (t: IndexedToken) => tokenLiquidityNative(t) * src.nativeUsd(t.chain);
  const addr = canonicalAddress(q);
  if (addr) {
    const hits = src
      .byAddress(chain, addr)
      .filter(searchable)
      .map((token) => ({ token, nameRank: 0, liquidityUsd: liq(token) }));
    if (hits.length) return hits.sort((a, b) => b.liquidityUsd - a.liquidityUsd).slice(0, limit);
  }
  const needle = searchText(q.trim());
  if (!needle) return [];
  const grams = needle.length >= 3 ? trigrams(needle) : null;
  const hits: SearchHit[] = [];
  for (const t of src.all()) {
    if ((chain && t.chain !== chain) || !searchable(t)) continue;
    const tier = matchTier(t, needle, grams);
    if (tier) hits.push({ token: t, nameRank: tier, liquidityUsd: liq(t) });
  }
  hits.sort(
    (a, b) => a.nameRank - b.nameRank || b.liquidityUsd - a.liquidityUsd || b.token.createdAt - a.token.createdAt,
  );
  return hits.slice(0, limit);
}

function matchTier(t: IndexedToken, q: string, grams: Set<string> | null): number {
  const sym = t.searchSymbol;
  const name = t.searchName;
  if (sym === q || name === q || sym === `$${q}`) return 1;
  if (sym.startsWith(q) || name.startsWith(q)) return 2;
  if (sym.includes(q) || name.includes(q)) return 3;
  if (
    grams &&
    (similarity(grams, cachedGrams(t, "n", name)) >= MIN_SIMILARITY ||
      similarity(grams, cachedGrams(t, "s", sym)) >= MIN_SIMILARITY)
  )
    return 4;
  return 0;
}

function trigrams(s: string): Set<string> {
  const p = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  return out;
}

const gramCache = new WeakMap<IndexedToken, { n: Set<string>; s: Set<string> }>();

function cachedGrams(t: IndexedToken, which: "n" | "s", text: string): Set<string> {
  let c = gramCache.get(t);
  if (!c) {
    c = { n: trigrams(t.searchName.slice(0, 120)), s: trigrams(t.searchSymbol.slice(0, 40)) };
    gramCache.set(t, c);
  }
  void text;
  return c[which];
}

function similarity(q: Set<string>, g: Set<string>): number {
  let shared = 0;
  for (const x of q) if (g.has(x)) shared++;
  return shared / (q.size + g.size - shared);
}
