import type { Candle, OhlcvInterval, PulseToken, PulseView, Quote, TokenTrade, TokenUpdate, TradeKey } from "@/lib/api";

// The seam between the simulated market (engine + index) and its stream server.
// The engine implements MarketFeed; lib/sim/stream consumes it.

export type Unsubscribe = () => void;

export interface TradeEvent {
  chain: string;
  token: string;
  pool: string;
  /** The second pool of a row folded from a two-pool (multihop or split) transaction. */
  pool2?: string | null;
  row: TokenTrade; // preconfirmed rows first (Base), then the confirmed row with the same identity key
}
export interface RevertEvent {
  chain: string;
  token: string;
  pool: string;
  pool2?: string | null;
  key: TradeKey;
}
export interface PulseDelta {
  view: PulseView;
  chain: string;
  kind: "enter" | "update" | "leave";
  /** Full entry for enter/update; identity only for leave. */
  token: PulseToken | { chain: string; address: string };
}

export interface MarketFeed {
  /** The market's clock (virtual time in tests). */
  now(): number;
  onTrade(listener: (e: TradeEvent) => void): Unsubscribe;
  onRevert(listener: (e: RevertEvent) => void): Unsubscribe;
  /** Fired whenever a token's mutable state changes (price, liquidity, bonding, 24h stats). Not rate-limited. */
  onTokenChange(listener: (chain: string, address: string) => void): Unsubscribe;
  onPulseDelta(listener: (d: PulseDelta) => void): Unsubscribe;

  tokenExists(chain: string, address: string): boolean;
  /** Pools of the token (for validating a `pools` filter). */
  tokenPools(chain: string, address: string): string[];
  tokenUpdate(chain: string, address: string): TokenUpdate | null;
  /** §1.5: the chain's native price feed is stale, so USD figures of its tokens are degraded (`meta.degraded`). */
  nativeStale(chain: string): boolean;
  /** The newest candle(s) exactly as REST /v1/token/ohlcv would return them now (`limit`, default 2). */
  formingCandles(
    chain: string,
    address: string,
    pools: string[] | undefined,
    interval: OhlcvInterval,
    quote: Quote,
    limit?: number,
  ): Candle[];
  /** Exactly what REST /v1/pulse returns now. */
  pulseList(view: PulseView, chains: string[], limit: number): PulseToken[];
}

/** Per-key credit ledger shared by REST and stream (§8). */
export interface CreditLedger {
  charge(key: string, credits: number, endpoint: string): void;
  spent(key: string): number;
}

/** Fault injection (embedded service only; off by default; loopback-only control). */
export interface FaultConfig {
  restLatencyMs: number;
  restErrorRate: number; // share of REST calls answered 503
  restRateLimitRate: number; // share answered 429 with Retry-After
  restHangRate: number; // share never answered
  streamDropAfterMs: number | null; // close each stream connection after this long
  streamDelayMs: number;
  streamDuplicateRate: number;
  streamReorderWindowMs: number;
  streamSkipDeltaRate: number;
  streamRefuseConnections: boolean;
}

export const NO_FAULTS: FaultConfig = {
  restLatencyMs: 0,
  restErrorRate: 0,
  restRateLimitRate: 0,
  restHangRate: 0,
  streamDropAfterMs: null,
  streamDelayMs: 0,
  streamDuplicateRate: 0,
  streamReorderWindowMs: 0,
  streamSkipDeltaRate: 0,
  streamRefuseConnections: false,
};
