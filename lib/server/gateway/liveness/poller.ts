import {
  ApiError, type Candle, type OhlcvParams, PRECONFIRM_TTL_MS, type PulseParams, type TokenTrade, type TradesParams, tradeKey,
  type WalletTrade, type WalletTradesParams, walletTradeKey,
} from "@/lib/api";
import type { SharedSub } from "../shared-sub";
import type { RestCaller } from "./rest-caller";

// One poller per polled resource, shared by all its browsers: it turns REST answers into the events the stream would
// have sent, fed through the resource's shared subscription (so fan-out, late state and dedup are the stream's own).

export const TAPE_PAGE_LIMIT = 100;
/** A gap longer than this many tape pages is cut (the browser's own repair reads further back). */
export const MAX_TAPE_PAGES = 5;
/** Rows this far behind the newest known one are still compared (late confirmations, same-millisecond rows). */
const LOOKBACK_MS = PRECONFIRM_TTL_MS;
/** Identities remembered for dedup across polls; older than the lookback they cannot come back anyway. */
const MAX_KNOWN = 4_000;

export interface PollOutcome {
  /** ms from each newly delivered trade's `at` to its delivery (the measured delay). */
  delays: number[];
}

export class TradesPoller {
  private anchorAt: number;
  /**
   * Rows older than this are not delivered; on the market's clock only (REST `asOf`, trade `at`, a browser's
   * `sinceAt`: the market's clock need not run at the pace of ours, nor agree with it). A demoted resource continues
   * from the newest row the stream delivered and has no such floor (0). A fresh one (or one that lost its stream
   * before any row) starts from its own start (`SharedSub.startAt`) or where its browsers' tapes end (their `sinceAt`),
   * whichever is older, learned at its first poll, as its browsers join after it is created; without either, from the
   * first answer's `asOf` less the lookback (a trade made between the subscription and that answer is within it).
   * `null` until then.
   */
  private minAt: number | null;
  private fromFirstAnswer = false;
  private readonly known = new Map<string, { at: number; preconfirmed: boolean }>();
  private pools: string[] | undefined;

  constructor(
    private readonly shared: SharedSub,
    private readonly rest: RestCaller,
  ) {
    const p = shared.params as TradesParams;
    this.pools = p.pools;
    const newest = shared.replay?.newest();
    this.anchorAt = newest ? Math.max(newest.at, 0) : Number.NEGATIVE_INFINITY;
    this.minAt = newest ? 0 : null;
  }

  /** Fetches the tape since the newest known identity (paging back while needed) and delivers what is new. */
  async poll(now: () => number, maxAgeMs: number): Promise<PollOutcome> {
    // An answer can be up to `maxAgeMs` older than this call: only rows that arrived before that can be missing from
    // it because they reverted (the stream can deliver a preconfirmed row while the answer is on its way).
    const judgedBefore = now() - maxAgeMs;
    const p = this.shared.params as TradesParams;
    const pools = await this.resolvePools();
    if (this.minAt === null) this.startFloor();
    const rows: TokenTrade[] = [];
    let cursor: string | undefined;
    let oldestFetched = Number.POSITIVE_INFINITY;
    let asOf = Number.NEGATIVE_INFINITY;
    let reachedKnown = false;
    for (let page = 0; page < MAX_TAPE_PAGES && !reachedKnown; page++) {
      const env = (await this.rest(
        "tokenTrades",
        { query: { chain: p.chain, address: p.address, pools, limit: TAPE_PAGE_LIMIT, cursor } },
        { maxAgeMs },
      )) as { data: TokenTrade[]; meta: { asOf: number; hasMore: boolean; nextCursor: string | null } };
      asOf = Math.max(asOf, env.meta.asOf);
      if (this.fromFirstAnswer) {
        this.fromFirstAnswer = false;
        this.minAt = env.meta.asOf - LOOKBACK_MS;
        this.anchorAt = this.minAt;
      }
      for (const r of env.data) {
        rows.push(r);
        oldestFetched = Math.min(oldestFetched, r.at);
      }
      reachedKnown = env.data.length === 0 || oldestFetched < this.anchorAt - LOOKBACK_MS || !env.meta.hasMore || !env.meta.nextCursor;
      cursor = env.meta.nextCursor ?? undefined;
    }
    return this.deliver(rows, oldestFetched, asOf, now(), judgedBefore);
  }

  /** The floor of a resource nothing was delivered on yet: its start, or the oldest `sinceAt` of its browsers. */
  private startFloor(): void {
    let since = this.shared.startAt ?? Number.POSITIVE_INFINITY;
    for (const [, , m] of this.shared.members()) if (m.sinceAt !== undefined) since = Math.min(since, m.sinceAt);
    if (Number.isFinite(since)) {
      this.minAt = since;
      this.anchorAt = since;
    } else this.fromFirstAnswer = true;
  }

  /** `asOf`: the newest answer's market time (a delay is measured on that clock); `t`: ours, for the replay window. */
  private deliver(rows: TokenTrade[], oldestFetched: number, asOf: number, t: number, judgedBefore: number): PollOutcome {
    const floor = Math.max(this.minAt ?? 0, this.anchorAt - LOOKBACK_MS);
    const fresh: TokenTrade[] = [];
    const delays: number[] = [];
    const present = new Set<string>();
    for (const r of rows) {
      const k = tradeKey(r);
      present.add(k);
      if (r.at < floor) continue;
      const seen = this.known.get(k);
      if (seen && (!seen.preconfirmed || r.preconfirmed)) continue;
      if (this.shared.replay?.seen(r)) {
        this.known.set(k, { at: r.at, preconfirmed: r.preconfirmed });
        continue;
      }
      fresh.push(r);
      if (!seen) delays.push(Math.max(0, asOf - r.at));
      this.known.set(k, { at: r.at, preconfirmed: r.preconfirmed });
    }
    // §3: a preconfirmed row that vanished from the tape (within the range just read) was reverted.
    const reverted = (this.shared.replay?.preconfirmed(judgedBefore) ?? []).filter(
      (r) => r.at >= oldestFetched && !present.has(tradeKey(r)),
    );
    if (fresh.length > 0) {
      fresh.sort((a, b) => a.at - b.at || a.block - b.block || a.logIndex - b.logIndex);
      this.shared.onEvent({ upId: this.shared.upId, channel: "trades", kind: "trades", data: fresh, meta: { asOf, polled: true } }, t);
      this.anchorAt = Math.max(this.anchorAt, fresh[fresh.length - 1]?.at ?? 0);
    }
    if (reverted.length > 0) {
      const keys = reverted.map((r) => ({ txHash: r.txHash, block: r.block, logIndex: r.logIndex }));
      this.shared.onEvent({ upId: this.shared.upId, channel: "trades", kind: "revert", data: keys, meta: { asOf, polled: true } }, t);
    }
    this.prune();
    return { delays };
  }

  private prune(): void {
    const floor = this.anchorAt - LOOKBACK_MS * 2;
    for (const [k, v] of this.known) if (v.at < floor) this.known.delete(k);
    let excess = this.known.size - MAX_KNOWN;
    for (const k of this.known.keys()) {
      if (excess-- <= 0) break;
      this.known.delete(k);
    }
  }

  private async resolvePools(): Promise<string[]> {
    if (this.pools?.length) return this.pools;
    const p = this.shared.params as TradesParams;
    this.pools = await resolveTokenPools(this.rest, p.chain, p.address);
    return this.pools;
  }
}

/** §4.3 and §4.5 need pools: a token-wide subscription polls all of its pools (at most 50). */
export async function resolveTokenPools(rest: RestCaller, chain: string, address: string): Promise<string[]> {
  const env = (await rest("tokenPools", { query: { chain, address, limit: 50 } })) as { data: { address: string }[] };
  const pools = env.data.map((x) => x.address);
  if (pools.length === 0) throw new ApiError("token_not_found", "the token has no pools", { status: 404 });
  return pools;
}

/** The forming candle (and the one before it) from REST `limit=2`, delivered when it changed. */
export class CandlePoller {
  private last = "";
  private pools: string[] | undefined;

  constructor(
    private readonly shared: SharedSub,
    private readonly rest: RestCaller,
  ) {
    this.pools = (shared.params as OhlcvParams).pools;
  }

  async poll(now: () => number, maxAgeMs: number): Promise<PollOutcome> {
    const p = this.shared.params as OhlcvParams;
    this.pools ??= await resolveTokenPools(this.rest, p.chain, p.address);
    const env = (await this.rest(
      "ohlcv",
      { query: { chain: p.chain, address: p.address, pools: this.pools, interval: p.interval, quote: p.quote, limit: 2 } },
      { maxAgeMs },
    )) as { data: Candle[]; meta: { asOf: number } };
    const text = JSON.stringify(env.data);
    if (text !== this.last && env.data.length > 0) {
      this.last = text;
      const t = now();
      this.shared.onEvent({ upId: this.shared.upId, channel: "ohlcv", kind: "candle", data: env.data, meta: { asOf: env.meta.asOf, interval: p.interval, quote: p.quote, polled: true } }, t);
    }
    return { delays: [] };
  }
}

/** A fresh pulse list replaces the view (a snapshot, as the stream sends every 30 s). */
export class PulsePoller {
  private last = "";

  constructor(
    private readonly shared: SharedSub,
    private readonly rest: RestCaller,
  ) {}

  async poll(now: () => number, maxAgeMs: number): Promise<PollOutcome> {
    const p = this.shared.params as PulseParams;
    const env = (await this.rest("pulse", { query: { view: p.view, chains: p.chains, limit: 100 } }, { maxAgeMs })) as {
      data: unknown[];
      meta: { asOf: number; degraded?: boolean };
    };
    const text = JSON.stringify(env.data);
    if (text !== this.last) {
      this.last = text;
      const meta = { asOf: env.meta.asOf, view: p.view, limit: 100, polled: true, ...(env.meta.degraded ? { degraded: true } : {}) };
      this.shared.onEvent({ upId: this.shared.upId, channel: "pulse", kind: "snapshot", data: env.data, meta }, now());
    }
    return { delays: [] };
  }
}

/** Rows one wallet-trades poll reads (§4.2 allows 1-100): a wallet trading faster than this per poll loses the excess. */
export const WALLET_PAGE_LIMIT = 100;

/**
 * A followed wallet's trades from `GET /v1/wallet/trades` (§4.2; the market's stream has no wallet channel): the newest
 * page each turn, rows not seen before delivered oldest first in the trades event's shape. Identity is txHash + block +
 * logIndex (EVM) or txHash + token + side (Solana, `walletTradeKey`). The first answer only sets the baseline unless
 * the resource's start (or a browser's `sinceAt`) dates rows after it: its browsers read that history by REST.
 */
export class WalletTradesPoller {
  /** Rows older than this (market clock) are history; null until the first answer. */
  private floor: number | null = null;
  private readonly known = new Map<string, number>();

  constructor(
    private readonly shared: SharedSub,
    private readonly rest: RestCaller,
  ) {}

  async poll(now: () => number, maxAgeMs: number): Promise<PollOutcome> {
    const p = this.shared.params as WalletTradesParams;
    const env = (await this.rest("walletTrades", { query: { chain: p.chain, wallet: p.wallet, limit: WALLET_PAGE_LIMIT } }, { maxAgeMs })) as {
      data: WalletTrade[];
      meta: { asOf: number };
    };
    const asOf = env.meta.asOf;
    if (this.floor === null) {
      const start = this.startFloor();
      if (start === undefined) {
        // No start known: the first answer is the baseline, every row in it history.
        for (const r of env.data) this.known.set(walletTradeKey(r), r.at);
        this.floor = Number.NEGATIVE_INFINITY;
        this.prune();
        return { delays: [] };
      }
      this.floor = start;
    }
    const fresh: WalletTrade[] = [];
    const delays: number[] = [];
    for (const r of env.data) {
      const k = walletTradeKey(r);
      if (this.known.has(k)) continue;
      this.known.set(k, r.at);
      if (r.at < this.floor) continue;
      fresh.push(r);
      delays.push(Math.max(0, asOf - r.at));
    }
    if (fresh.length > 0) {
      fresh.sort((a, b) => a.at - b.at || walletTradeKey(a).localeCompare(walletTradeKey(b)));
      this.shared.onEvent({ upId: this.shared.upId, channel: "wallet-trades", kind: "trades", data: fresh, meta: { asOf, polled: true } }, now());
    }
    this.prune();
    return { delays };
  }

  /** The resource's start on the market's clock, or the oldest `sinceAt` of its browsers; undefined without either. */
  private startFloor(): number | undefined {
    let since = this.shared.startAt ?? Number.POSITIVE_INFINITY;
    for (const [, , m] of this.shared.members()) if (m.sinceAt !== undefined) since = Math.min(since, m.sinceAt);
    return Number.isFinite(since) ? since : undefined;
  }

  /** Keeps the identities of the newest rows (a page holds at most WALLET_PAGE_LIMIT, so twice that is plenty). */
  private prune(): void {
    let excess = this.known.size - WALLET_PAGE_LIMIT * 2;
    if (excess <= 0) return;
    const oldest = [...this.known].sort((a, b) => a[1] - b[1]);
    for (const [k] of oldest) {
      if (excess-- <= 0) break;
      this.known.delete(k);
    }
  }
}
