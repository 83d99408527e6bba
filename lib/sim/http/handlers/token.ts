import {
  STATS_WINDOWS,
  type StatsWindow,
  type TokenHolder,
  type TokenMetadata,
  type TokenSecurity,
  type TokenStatsWindow,
} from "@/lib/api";
import type { SimCore } from "../../core";
import { BURN_EVM, BURN_SOL } from "../../engine/world";
import { decimalString, sig } from "../../index/decimal";
import type { IndexedToken } from "../../index/state";
import { makersSince, priceChangePct, windowTotals } from "../../index/stats";
import { degradedMeta, detailUnknown, dexPaid, tokenDetail, tokenPools, tokenPrice } from "../../index/views";
import { batch, choosePools, type Handler, requireToken } from "./common";

// §4.14 token endpoints (shapes are ours; see lib/api/schemas.ts).

const WINDOW_MS: Record<StatsWindow, number> = { "5m": 300_000, "1h": 3600_000, "6h": 21_600_000, "24h": 86_400_000 };

const tok = (query: Record<string, unknown>, core: SimCore) =>
  requireToken(core, query.chain as string, query.address as string);
type Items = { items: { chain: string; address: string }[] };

const single =
  <T>(build: (t: IndexedToken, core: SimCore) => T): Handler =>
  ({ query }, core) => {
    const t = tok(query, core);
    return { data: build(t, core), meta: degradedMeta(core.index, [t.chain]) };
  };
const many =
  <T>(build: (t: IndexedToken, core: SimCore) => T): Handler =>
  ({ body }, core) => {
    const items = (body as Items).items;
    return {
      data: batch(core, items, (t) => build(t, core)),
      meta: degradedMeta(
        core.index,
        items.map((i) => i.chain),
      ),
    };
  };

const DEGRADED = { degraded: true } as const;

/** §1.5/§7.3: a detail with an unknown field (null quote symbol or bonding progress) is flagged degraded. */
export const tokenHandler: Handler = ({ query }, core) => {
  const t = tok(query, core);
  return { data: tokenDetail(t, core.index), meta: detailUnknown(t) ? DEGRADED : degradedMeta(core.index, [t.chain]) };
};
export const tokenBatchHandler: Handler = ({ body }, core) => {
  const items = (body as Items).items;
  let unknown = false;
  const data = batch(core, items, (t) => {
    if (detailUnknown(t)) unknown = true;
    return tokenDetail(t, core.index);
  });
  const chains = items.map((i) => i.chain);
  return { data, meta: unknown ? DEGRADED : degradedMeta(core.index, chains) };
};
export const tokenPriceHandler = single((t, core) => tokenPrice(t, core.index));
export const tokenPriceBatchHandler = many((t, core) => tokenPrice(t, core.index));
export const tokenPoolsHandler: Handler = ({ query }, core) => {
  const t = tok(query, core);
  return { data: tokenPools(t, core.index, query.limit as number), meta: degradedMeta(core.index, [t.chain]) };
};

export const tokenStatsHandler: Handler = ({ query }, core) => {
  const t = tok(query, core);
  const restricted = query.pools as string[] | undefined;
  const pools = choosePools(t, restricted);
  const now = core.now();
  const sol = t.chain === "solana";
  const windows: Record<string, TokenStatsWindow> = {};
  for (const w of (query.windows as StatsWindow[]) ?? STATS_WINDOWS) {
    const from = now - WINDOW_MS[w];
    const s = windowTotals(pools, Math.floor(from / 1000));
    windows[w] = {
      volumeUsd: sig(s.volumeUsd, 8),
      buyVolumeUsd: sig(s.buyVolumeUsd, 8),
      sellVolumeUsd: sig(s.sellVolumeUsd, 8),
      txns: s.txns,
      buys: s.buys,
      sells: s.sells,
      makers: makersSince(t, restricted ? pools : null, from),
      priceChangePct: priceChangePct(t, pools, now, WINDOW_MS[w]),
      organicTxns: sol ? s.organicTxns : null,
      organicVolumeUsd: sol ? sig(s.organicVolumeUsd, 8) : null,
    };
  }
  return {
    data: { chain: t.chain, address: t.address, pools: restricted ? pools.map((p) => p.address) : null, windows },
  };
};

export const tokenHoldersHandler: Handler = ({ query }, core) => {
  const t = tok(query, core);
  const chainToken = core.market.token(t.chain, t.address);
  // a token the chain no longer tracks: its holder count is unknown, not zero
  if (!chainToken) return { data: [], meta: { holders: null, degraded: true } };
  const pools = new Set(chainToken.pools.map((p) => p.address));
  const label = (a: string) =>
    pools.has(a) ? "pool" : a === BURN_EVM || a === BURN_SOL ? "burn" : a === chainToken.creator ? "creator" : null;
  const top = [...chainToken.balances].sort((a, b) => b[1] - a[1]).slice(0, query.limit as number);
  const data: TokenHolder[] = top.map(([address, amount]) => ({
    address,
    amount: decimalString(amount, 15),
    sharePct: sig((amount / chainToken.supply) * 100, 8),
    label: label(address),
  }));
  return { data, meta: { holders: chainToken.balances.size } };
};

const metadata = (t: IndexedToken): TokenMetadata => ({
  chain: t.chain,
  address: t.address,
  description: t.meta.description,
  iconUrl: t.meta.iconUrl,
  websiteUrl: t.meta.websiteUrl,
  twitterUrl: t.meta.twitterUrl,
  telegramUrl: t.meta.telegramUrl,
  discordUrl: t.meta.discordUrl,
  dexPaid: dexPaid(t),
});
export const tokenMetadataHandler: Handler = ({ query }, core) => ({ data: metadata(tok(query, core)) });

/** Tri-state from chain state; a token the chain no longer tracks is unknown (null), never "safe". */
const security = (core: SimCore, t: IndexedToken): TokenSecurity => {
  const s = core.market.token(t.chain, t.address)?.security;
  return {
    chain: t.chain,
    address: t.address,
    mintAuthority: s?.mintAuthority ?? null,
    freezeAuthority: s?.freezeAuthority ?? null,
    checkedAt: s?.checkedAt ?? null,
  };
};
export const tokenSecurityHandler: Handler = ({ query }, core) => {
  const data = security(core, tok(query, core));
  return data.checkedAt === null ? { data, meta: DEGRADED } : { data };
};
export const tokenSecurityBatchHandler: Handler = ({ body }, core) => {
  let unknown = false;
  const data = batch(core, (body as Items).items, (t) => {
    const s = security(core, t);
    if (s.checkedAt === null) unknown = true;
    return s;
  });
  return unknown ? { data, meta: DEGRADED } : { data };
};
