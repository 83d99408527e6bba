import { ENDPOINT_LIST, type EndpointDef } from "@/lib/api/endpoints";

// Requests for every registry endpoint against the embedded market: valid ones built from its notable ids, and a
// generated corpus of invalid ones (each must be refused with 400 before any credit is spent).

export interface Ref {
  chain: string;
  address: string;
  pools: string[];
  symbol?: string;
}
export interface Notable {
  baseToken: Ref;
  graduatedToken: Ref;
  establishedToken: Ref;
  hostileToken: Ref;
  evmWallet: { chain: string; address: string };
  solanaWallet: { chain: string; address: string };
  fundedWallet: { chain: string; address: string };
  identityWallet: { address: string; linkedWallets: string[] };
}

export interface Case {
  id: string;
  query?: Record<string, string>;
  body?: unknown;
}

export function validCases(n: Notable, maker: string): Case[] {
  const tok = (t: Ref) => ({ chain: t.chain, address: t.address });
  const b = n.baseToken;
  const s = n.graduatedToken;
  const e = n.establishedToken;
  const unknownToken = { chain: "evm:8453", address: `0x${"0".repeat(39)}1` };
  return [
    { id: "search", query: { q: b.symbol ?? "a" } },
    { id: "search", query: { q: b.address, chain: b.chain, limit: "5" } },
    { id: "walletTrades", query: { chain: n.evmWallet.chain, wallet: n.evmWallet.address, limit: "20" } },
    { id: "walletTrades", query: { chain: "solana", wallet: n.solanaWallet.address } },
    { id: "tokenTrades", query: { ...tok(b), pools: b.pools.join(","), limit: "50" } },
    { id: "tokenTrades", query: { ...tok(s), pools: s.pools.join(","), washFilter: "organicOnly" } },
    { id: "tokenTradesByMakers", body: { ...tok(b), pools: b.pools, makers: [maker], limit: 20 } },
    { id: "pulse", query: { view: "new", chains: "solana,evm:8453", limit: "10" } },
    { id: "pulse", query: { view: "bonding", chains: "evm:56,solana" } },
    { id: "pulse", query: { view: "graduated", chains: "solana" } },
    { id: "ohlcv", query: { ...tok(e), pools: e.pools.join(","), interval: "1m", limit: "100" } },
    {
      id: "ohlcv",
      query: { chain: "solana:solana", address: s.address, pools: s.pools[0], interval: "5m", quote: "usd" },
    },
    {
      id: "walletProfileBatch",
      body: { items: [{ address: n.identityWallet.address }, { address: n.evmWallet.address }] },
    },
    { id: "walletProfile", query: { address: n.identityWallet.address } },
    { id: "walletPositions", query: { chain: n.evmWallet.chain, wallet: n.evmWallet.address } },
    { id: "walletPnl", query: { wallet: n.evmWallet.address } },
    { id: "walletPnl", query: { wallet: n.solanaWallet.address, chain: "solana", period: "all" } },
    { id: "walletFunding", query: { chain: n.fundedWallet.chain, wallet: n.fundedWallet.address } },
    { id: "chains" },
    { id: "nativePrices" },
    { id: "sparklines", body: { chain: b.chain, pools: b.pools } },
    { id: "token", query: tok(b) },
    { id: "tokenBatch", body: { items: [tok(b), unknownToken, tok(s)] } },
    { id: "tokenPrice", query: tok(s) },
    { id: "tokenPriceBatch", body: { items: [tok(s), tok(b)] } },
    { id: "tokenPools", query: { ...tok(e), limit: "5" } },
    { id: "tokenStats", query: { ...tok(s), windows: "5m,24h" } },
    { id: "tokenHolders", query: tok(b) },
    { id: "tokenMetadata", query: tok(n.hostileToken) },
    { id: "tokenSecurity", query: tok(s) },
    { id: "tokenSecurityBatch", body: { items: [tok(s), tok(b)] } },
    { id: "factories", query: { chain: "evm:8453" } },
    { id: "factories" },
  ];
}

/** Integer bounds from a param's doc ("integer 1-50"). */
function intBounds(doc: string): [number, number] | null {
  const m = /^integer (-?\d+)-(-?\d+)$/.exec(doc);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Invalid variants of a valid request: every required param missing, every param empty or out of bounds, an unknown one. */
export function invalidCases(valid: Case): Case[] {
  const def = ENDPOINT_LIST.find((d) => d.id === valid.id) as EndpointDef;
  const q = valid.query ?? {};
  const out: Case[] = [{ ...valid, query: { ...q, zzz: "1" } }];
  for (const [name, spec] of Object.entries(def.query)) {
    if (spec.required) {
      const { [name]: _omit, ...rest } = q;
      out.push({ ...valid, query: rest });
    }
    out.push({ ...valid, query: { ...q, [name]: "" } });
    const bounds = intBounds(spec.doc);
    if (bounds)
      out.push(
        { ...valid, query: { ...q, [name]: String(bounds[1] + 1) } },
        { ...valid, query: { ...q, [name]: String(bounds[0] - 1) } },
      );
  }
  if (def.body) {
    const body = valid.body as Record<string, unknown>;
    out.push(
      { ...valid, body: {} },
      { ...valid, body: { ...body, zzz: 1 } },
      { ...valid, body: [] },
      { ...valid, body: "text" },
    );
    const shape = (def.body as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> })
      .shape;
    for (const key of Object.keys(body)) {
      const { [key]: _omit, ...rest } = body;
      if (!shape[key].safeParse(undefined).success) out.push({ ...valid, body: rest });
      out.push({ ...valid, body: { ...body, [key]: null } });
      if (Array.isArray(body[key])) out.push({ ...valid, body: { ...body, [key]: Array(2_001).fill(body[key][0]) } });
    }
  }
  return out;
}

/** Cross-field rules of the registry (§4): valid parameters, invalid together. */
export function crossFieldCases(n: Notable): Case[] {
  const b = n.baseToken;
  const s = n.graduatedToken;
  return [
    { id: "walletTrades", query: { chain: "solana", wallet: n.solanaWallet.address, beforeAt: "1" } },
    { id: "walletTrades", query: { chain: "solana", wallet: n.evmWallet.address } },
    { id: "ohlcv", query: { chain: b.chain, address: b.address, pools: b.pools.join(","), quote: "usd" } },
    {
      id: "tokenTrades",
      query: { chain: b.chain, address: b.address, pools: b.pools.join(","), washFilter: "washOnly" },
    },
    { id: "tokenTrades", query: { chain: b.chain, address: b.address, pools: s.pools.join(",") } },
    {
      id: "tokenTrades",
      query: { chain: b.chain, address: b.address, pools: b.pools.join(","), minUsd: "10", maxUsd: "1" },
    },
    { id: "walletPnl", query: { wallet: n.solanaWallet.address } },
    { id: "token", query: { chain: "solana", address: b.address } },
  ];
}
