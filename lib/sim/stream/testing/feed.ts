import {
  type Candle,
  INTERVAL_SECONDS,
  type OhlcvInterval,
  type PulseToken,
  type PulseView,
  type Quote,
  type TokenTrade,
  type TokenUpdate,
  type TradeKey,
  tradeKey,
} from "@/lib/api";
import type { MarketFeed, PulseDelta, RevertEvent, TradeEvent } from "../../feed";

// A small MarketFeed driven by hand (tests and the benchmark): every change is explicit and synchronous.

type Listener<T extends unknown[]> = (...args: T) => void;
const TAPE_CAP = 5000;

interface TokenState {
  chain: string;
  address: string;
  pools: string[];
  update: TokenUpdate;
  tape: { pool: string; row: TokenTrade }[]; // oldest first, capped
}

export interface TradeInput {
  pool?: string;
  isBuy?: boolean;
  priceNative?: number;
  amountToken?: number;
  preconfirmed?: boolean;
  maker?: string;
}

export class TestFeed implements MarketFeed {
  solUsd = 150;
  private seq = 0;
  private block = 1000;
  private readonly tokens = new Map<string, TokenState>();
  private readonly pulse = new Map<PulseView, Map<string, PulseToken>>();
  private readonly trades = new Set<Listener<[TradeEvent]>>();
  private readonly reverts = new Set<Listener<[RevertEvent]>>();
  private readonly changes = new Set<Listener<[string, string]>>();
  private readonly deltas = new Set<Listener<[PulseDelta]>>();

  /** `clock` is the market time; tests pass their manual timers' clock so `meta.asOf` is the send time. */
  constructor(private readonly clock: () => number = Date.now) {}

  now(): number {
    return this.clock();
  }

  onTrade(l: Listener<[TradeEvent]>) {
    return on(this.trades, l);
  }
  onRevert(l: Listener<[RevertEvent]>) {
    return on(this.reverts, l);
  }
  onTokenChange(l: Listener<[string, string]>) {
    return on(this.changes, l);
  }
  onPulseDelta(l: Listener<[PulseDelta]>) {
    return on(this.deltas, l);
  }

  addToken(chain: string, address: string, pools: string[]): void {
    this.tokens.set(`${chain}:${address}`, {
      chain,
      address,
      pools,
      tape: [],
      update: {
        chain,
        address,
        priceUsd: 1,
        priceNative: 0.01,
        marketCapUsd: 1e6,
        liquidityUsd: 1e5,
        bondingProgress: 10,
        migrated: false,
        graduatedAt: null,
        volume24hUsd: 0,
        priceChange1hPct: 0,
        priceChange24hPct: 0,
        txns24h: 0,
        buys24h: 0,
        sells24h: 0,
        updatedAt: this.clock(),
      },
    });
  }
  private token(chain: string, address: string): TokenState {
    const t = this.tokens.get(`${chain}:${address}`);
    if (!t) throw new Error(`unknown token ${chain}:${address}`);
    return t;
  }

  tokenExists(chain: string, address: string): boolean {
    return this.tokens.has(`${chain}:${address}`);
  }
  tokenPools(chain: string, address: string): string[] {
    return this.tokens.get(`${chain}:${address}`)?.pools ?? [];
  }
  tokenUpdate(chain: string, address: string): TokenUpdate | null {
    const t = this.tokens.get(`${chain}:${address}`);
    return t ? { ...t.update } : null;
  }
  /** Chains whose native price feed tests mark stale. */
  readonly staleChains = new Set<string>();
  nativeStale(chain: string): boolean {
    return this.staleChains.has(chain);
  }

  /** A swap now: appended to the tape, then trade and token-change events, as the engine does. */
  trade(chain: string, address: string, input: TradeInput = {}): TokenTrade {
    const t = this.token(chain, address);
    const n = ++this.seq;
    const priceNative = input.priceNative ?? t.update.priceNative ?? 0.01;
    const amountToken = input.amountToken ?? 100;
    const row: TokenTrade = {
      at: this.clock(),
      maker: input.maker ?? `0x${"ab".repeat(20)}`,
      isBuy: input.isBuy ?? true,
      amountToken,
      amountQuote: amountToken * priceNative,
      priceNative,
      volumeNative: amountToken * priceNative,
      volumeUsd: amountToken * priceNative * 3000,
      isProTrader: false,
      isSniper: false,
      preconfirmed: input.preconfirmed ?? false,
      txHash: `0x${n.toString(16).padStart(64, "0")}`,
      block: ++this.block,
      logIndex: n % 7,
      ...(chain === "solana" ? { isWash: false } : {}),
    };
    return this.record(t, input.pool ?? t.pools[0], row);
  }

  /** The confirmed version of a preconfirmed row (same identity key). */
  confirm(chain: string, address: string, key: TradeKey): TokenTrade {
    const t = this.token(chain, address);
    const i = t.tape.findIndex((e) => tradeKey(e.row) === tradeKey(key));
    if (i < 0) throw new Error("no such preconfirmed row");
    const [e] = t.tape.splice(i, 1);
    return this.record(t, e.pool, { ...e.row, preconfirmed: false });
  }

  /** A preconfirmed transaction reverted: its row leaves the tape. */
  revert(chain: string, address: string, key: TradeKey): void {
    const t = this.token(chain, address);
    const i = t.tape.findIndex((e) => tradeKey(e.row) === tradeKey(key));
    if (i < 0) throw new Error("no such row");
    const [e] = t.tape.splice(i, 1);
    for (const l of this.reverts) l({ chain, token: address, pool: e.pool, key });
    this.emitChange(t);
  }

  private record(t: TokenState, pool: string, row: TokenTrade): TokenTrade {
    t.tape.push({ pool, row });
    if (t.tape.length > TAPE_CAP) t.tape.shift();
    t.update = {
      ...t.update,
      priceNative: row.priceNative,
      priceUsd: row.priceNative * 3000,
      txns24h: (t.update.txns24h ?? 0) + 1,
      volume24hUsd: (t.update.volume24hUsd ?? 0) + row.volumeUsd,
      updatedAt: this.clock(),
    };
    for (const l of this.trades) l({ chain: t.chain, token: t.address, pool, row });
    this.emitChange(t);
    return row;
  }

  setTokenState(chain: string, address: string, patch: Partial<TokenUpdate>): void {
    const t = this.token(chain, address);
    t.update = { ...t.update, ...patch, updatedAt: this.clock() };
    this.emitChange(t);
  }
  private emitChange(t: TokenState): void {
    for (const l of this.changes) l(t.chain, t.address);
  }

  /** REST tape: newest first, token-wide or by pools. */
  tape(chain: string, address: string, pools?: string[]): TokenTrade[] {
    const t = this.token(chain, address);
    return t.tape
      .filter((e) => !pools || pools.includes(e.pool))
      .map((e) => e.row)
      .reverse();
  }

  formingCandles(
    chain: string,
    address: string,
    pools: string[] | undefined,
    interval: OhlcvInterval,
    quote: Quote,
    limit = 2,
  ): Candle[] {
    const step = INTERVAL_SECONDS[interval];
    const rate = quote === "usd" ? this.solUsd : 1;
    const buckets = new Map<number, Candle>();
    for (const row of [...this.tape(chain, address, pools)].reverse()) {
      const time = Math.floor(row.at / 1000 / step) * step;
      const p = row.priceNative * rate;
      const c = buckets.get(time);
      if (!c) buckets.set(time, { time, open: p, high: p, low: p, close: p, volume: row.volumeNative * rate });
      else
        Object.assign(c, {
          high: Math.max(c.high, p),
          low: Math.min(c.low, p),
          close: p,
          volume: c.volume + row.volumeNative * rate,
        });
    }
    const all = [...buckets.values()].sort((a, b) => a.time - b.time);
    for (let i = 1; i < all.length; i++) all[i].open = all[i - 1].close; // connected candles
    return all.slice(-limit);
  }

  pulseList(view: PulseView, chains: string[], limit: number): PulseToken[] {
    const list = [...(this.pulse.get(view)?.values() ?? [])].filter((p) => chains.includes(p.chain));
    return list.sort((a, b) => b.createdAt - a.createdAt || a.address.localeCompare(b.address)).slice(0, limit);
  }
  private view(v: PulseView): Map<string, PulseToken> {
    let m = this.pulse.get(v);
    if (!m) this.pulse.set(v, (m = new Map()));
    return m;
  }
  pulseSet(
    view: PulseView,
    token: PulseToken,
    kind: "enter" | "update" = this.view(view).has(token.address) ? "update" : "enter",
  ): void {
    this.view(view).set(token.address, token);
    for (const l of this.deltas) l({ view, chain: token.chain, kind, token });
  }
  pulseLeave(view: PulseView, chain: string, address: string): void {
    this.view(view).delete(address);
    for (const l of this.deltas) l({ view, chain, kind: "leave", token: { chain, address } });
  }
}

function on<T extends unknown[]>(set: Set<Listener<T>>, l: Listener<T>) {
  set.add(l);
  return () => void set.delete(l);
}

export function pulseToken(chain: string, address: string, over: Partial<PulseToken> = {}): PulseToken {
  return {
    chain,
    address,
    name: `Token ${address.slice(0, 6)}`,
    symbol: "TKN",
    nameRank: 1,
    totalSupply: "1000000000",
    priceNative: "0.00001",
    priceUsd: 0.03,
    marketCapUsd: 30000,
    liquidityNative: "10",
    liquidityUsd: 30000,
    pool: {
      address: `${address.slice(0, -4)}p001`,
      type: "bonding-curve",
      factory: "f",
      quoteAddress: "q",
      quoteSymbol: "SOL",
    },
    bondingProgress: 12.5,
    migrated: false,
    createdAt: 1_800_000_000_000,
    graduatedAt: null,
    ageSeconds: 10,
    txns: 1,
    buys: 1,
    sells: 0,
    volumeUsd: 100,
    feesUsd: 1,
    metadata: { iconUrl: null, websiteUrl: null, twitterUrl: null, telegramUrl: null, dexPaid: false },
    creator: { address: "creator", displayName: null, avatarUrl: null, ensName: null },
    ...over,
  };
}
