import { ApiError, canonicalAddressFor, type OhlcvInterval, parseChainId, type Quote } from "@/lib/api";
import type { SimCore } from "../../core";
import { ohlcvView } from "../../index/ohlcv-view";
import type { TradeRecord } from "../../index/records";
import { type SparkTimeframe, sparkline } from "../../index/sparkline";
import { type IndexedToken, ready } from "../../index/state";
import { decodeCursor, encodeCursor, type TapeFilter } from "../../index/tape";
import { choosePools, type Handler, requireToken } from "./common";
import { cachedPage } from "./page-cache";

// §4.3 tape (GET and the POST twin with makers), §4.5 candles, §4.13 sparklines.

function tape(core: SimCore, t: IndexedToken, p: Record<string, unknown>, makers?: string[]) {
  const pools = choosePools(t, p.pools as string[]);
  if (p.washFilter !== undefined && t.chain !== "solana")
    throw new ApiError("invalid_parameter", "washFilter applies to Solana only", { param: "washFilter" });
  const filter: TapeFilter = {
    pools: pools.length === t.pools.length ? undefined : new Set(pools.map((x) => x.address)),
    washFilter: p.washFilter as TapeFilter["washFilter"],
    type: p.type as TapeFilter["type"],
    minUsd: p.minUsd as number | undefined,
    maxUsd: p.maxUsd as number | undefined,
    fromAt: p.fromAt as number | undefined,
    toAt: p.toAt as number | undefined,
    makers: makers ? new Set(makers) : p.maker ? new Set([p.maker as string]) : undefined,
  };
  const scope = `${t.chain}|${t.address}`;
  const before = p.cursor === undefined ? undefined : decodeCursor(p.cursor as string, scope);
  const counts = Array.isArray(p.include) && p.include.includes("traderTxCounts");
  // Repeat requests between two changes of the tape get the same bytes (maker-list POSTs are not cached).
  const key =
    filter.makers && filter.makers.size > 1
      ? null
      : [
          scope,
          filter.pools ? [...filter.pools].sort() : null,
          filter.washFilter ?? null,
          filter.type ?? null,
          filter.minUsd ?? null,
          filter.maxUsd ?? null,
          filter.fromAt ?? null,
          filter.toAt ?? null,
          filter.makers ? [...filter.makers] : null,
          before ?? null,
          p.limit,
          counts,
        ];
  // an established token's archived day of trades joins its tape on first use
  for (const pool of t.pools) ready(pool);
  t.tape.readAt = core.now();
  return cachedPage(core, key, t.tape.version, () => {
    let page = t.tape.page(p.limit as number, filter, before);
    // read to its end: what a trim took of its archived day since comes back first (regenerated, so only then)
    if (!page.hasMore && core.index.refillTape(t) > 0) page = t.tape.page(p.limit as number, filter, before);
    const data = page.records.map((r: TradeRecord) => {
      const row = r.toRow();
      const m = counts ? t.makers.get(r.maker) : undefined;
      if (m) row.traderTxCounts = { buys: m.buys, sells: m.sells };
      return row;
    });
    const last = page.records[page.records.length - 1];
    return {
      data,
      meta: { hasMore: page.hasMore, nextCursor: page.hasMore && last ? encodeCursor(last.seq, scope) : null },
    };
  });
}

export const tokenTradesHandler: Handler = ({ query }, core) =>
  tape(core, requireToken(core, query.chain as string, query.address as string), query);

export const tokenTradesByMakersHandler: Handler = ({ body }, core) => {
  const b = body as Record<string, unknown> & { chain: string; address: string; pools: string[]; makers: string[] };
  const chain = parseChainId(b.chain);
  const canon = (a: string, param: string) => {
    const c = chain ? canonicalAddressFor(chain, a) : null;
    if (!c) throw new ApiError("invalid_parameter", `${param}: address does not belong to chain ${b.chain}`, { param });
    return c;
  };
  const t = requireToken(core, chain as string, canon(b.address, "address"));
  return tape(
    core,
    t,
    { ...b, pools: b.pools.map((p) => canon(p, "pools")) },
    b.makers.map((m) => canon(m, "makers")),
  );
};

export const ohlcvHandler: Handler = ({ query }, core) => {
  const t = requireToken(core, query.chain as string, query.address as string);
  const interval = query.interval as OhlcvInterval;
  const quote = query.quote as Quote;
  const pools = choosePools(t, query.pools as string[]);
  // Candles change only with the token's trades (new, confirmed, reverted: the tape's version) — except USD quotes,
  // which follow SOL/USD too and are not cached.
  const key =
    quote === "usd"
      ? null
      : ["ohlcv", t.chain, t.address, pools.map((p) => p.address).sort(), interval, query.endTime ?? null, query.limit];
  return cachedPage(core, key, t.tape.version, () => {
    const page = ohlcvView(core.index, t, pools, interval, quote, {
      endTime: query.endTime as number | undefined,
      limit: query.limit as number,
    });
    const c = page.candles;
    return {
      data: c,
      meta: {
        interval,
        count: c.length,
        oldestTime: c[0]?.time ?? null,
        newestTime: c[c.length - 1]?.time ?? null,
        hasMore: page.hasMore,
        quote,
      },
    };
  });
};

/** §4.13: one closes series per pool (lib/sim/index/sparkline.ts); an unknown pool or one without trades gives []. */
export const sparklinesHandler: Handler = ({ body }, core) => {
  const b = body as { chain: string; pools: string[]; timeframe: SparkTimeframe };
  const chain = parseChainId(b.chain, { allowSolanaAlias: true }) as string;
  const nowSec = Math.floor(core.now() / 1000);
  const data: Record<string, number[]> = {};
  for (const raw of b.pools) {
    const addr = chain === "solana" ? raw : raw.toLowerCase();
    const pool = core.index.pool(chain, addr);
    data[raw] = pool ? sparkline(ready(pool), b.timeframe, nowSec) : [];
  }
  return { data, meta: { timeframe: b.timeframe, quote: "native" } };
};
