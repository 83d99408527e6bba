import type { WalletFunding, WalletPosition, WalletProfile, WalletTrade } from "@/lib/api";
import type { IdentityHarvested, NativeTransfer } from "../engine/events";
import { decimalString, sig } from "./decimal";
import { archivedDays } from "./pnl-archive";
import {
  applyFill,
  DAY_MS,
  newPosition,
  type PnlDay,
  type Position,
  recordPnl,
  summarizePnl,
  valuePosition,
} from "./positions";
import type { TradeRecord } from "./records";
import type { IndexCaps } from "./state";

// Wallet views: trade history (§4.2), positions (§4.8), PnL (§4.9), identity (§4.6/4.7), first funding (§4.10).
// Bounded: wallets are kept in least-recently-active order up to the cap; each wallet's history is a ring.

interface WalletState {
  trades: TradeRecord[];
  positions: Map<string, Position>;
  days: Map<string, PnlDay[]>;
}

export interface PriceReader {
  priceNative(chain: string, token: string): number | null;
  nativeUsd(chain: string): number;
  /** The chain's native price at a past time (archived PnL days). */
  nativeUsdAt(chain: string, at: number): number;
}

const PNL_DAYS_KEPT = 400;

export class WalletIndex {
  private readonly wallets = new Map<string, WalletState>();
  private readonly fundings = new Map<string, WalletFunding>();
  private readonly identities = new Map<string, IdentityHarvested>();
  readonly pros = new Set<string>();
  tradeCount = 0;
  positionCount = 0;

  constructor(
    private readonly caps: IndexCaps,
    private readonly prices: PriceReader,
  ) {}

  get size(): number {
    return this.wallets.size;
  }

  get fundingCount(): number {
    return this.fundings.size;
  }

  private state(wallet: string): WalletState {
    let w = this.wallets.get(wallet);
    if (w) {
      this.wallets.delete(wallet); // move to the recently-active end
    } else {
      w = { trades: [], positions: new Map(), days: new Map() };
      if (this.wallets.size >= this.caps.wallets) {
        const oldest = this.wallets.keys().next().value as string;
        const gone = this.wallets.get(oldest);
        this.tradeCount -= gone?.trades.length ?? 0;
        this.positionCount -= gone?.positions.size ?? 0;
        this.wallets.delete(oldest);
      }
    }
    this.wallets.set(wallet, w);
    return w;
  }

  apply(r: TradeRecord, tokenName: string, key: string): void {
    const w = this.state(r.maker);
    w.trades.push(r);
    this.tradeCount++;
    if (w.trades.length > this.caps.tradesPerWallet + 64)
      this.tradeCount -= w.trades.splice(0, w.trades.length - this.caps.tradesPerWallet).length;
    let p = w.positions.get(key);
    if (!p) {
      p = newPosition(r.chain, r.token, r.tokenSymbol, tokenName, r.at);
      this.positionCount++;
      if (w.positions.size >= this.caps.positionsPerWallet) {
        evictPosition(w.positions);
        this.positionCount--;
      }
    } else w.positions.delete(key);
    w.positions.set(key, p);
    const realized = applyFill(p, {
      isBuy: r.isBuy,
      amountToken: r.amountToken,
      volumeNative: r.volumeNative,
      volumeUsd: r.volumeUsd,
      at: r.at,
    });
    let days = w.days.get(r.chain);
    if (!days) {
      days = [];
      w.days.set(r.chain, days);
    }
    recordPnl(days, r.at, key, r.isBuy ? null : realized, PNL_DAYS_KEPT);
  }

  has(wallet: string): boolean {
    return this.wallets.has(wallet);
  }

  /**
   * Keeps totals within budget. Trades: the market's oldest go first, whoever made them, so every wallet keeps the
   * same stretch of recent history (a busy wallet keeps its many trades, instead of being cut to a few because it was
   * first in line). Positions: the least recently active wallets lose their closed ones first; if that is not
   * enough, those wallets are forgotten entirely.
   */
  trim(maxTrades: number, maxPositions: number): void {
    if (this.tradeCount > maxTrades) this.dropTradesUpTo(this.tradeHorizon(Math.floor(maxTrades * 0.9)));
    const over = () => this.positionCount > maxPositions * 0.9;
    if (this.positionCount <= maxPositions) return;
    for (const w of this.wallets.values()) {
      if (!over()) return;
      for (const [k, p] of w.positions) {
        if (p.amount === 0) {
          w.positions.delete(k);
          this.positionCount--;
        }
      }
    }
    for (const [address, w] of this.wallets) {
      if (!over()) return;
      this.tradeCount -= w.trades.length;
      this.positionCount -= w.positions.size;
      this.wallets.delete(address);
    }
  }

  /** The time at or before which trades go so that `keep` newest ones remain. */
  private tradeHorizon(keep: number): number {
    const ats = new Float64Array(this.tradeCount);
    let n = 0;
    for (const w of this.wallets.values()) for (const r of w.trades) ats[n++] = r.at;
    const sorted = ats.subarray(0, n).sort();
    return n > keep ? (sorted[n - keep - 1] as number) : Number.NEGATIVE_INFINITY;
  }

  private dropTradesUpTo(horizon: number): void {
    for (const w of this.wallets.values()) {
      const kept = w.trades.filter((r) => r.at > horizon);
      this.tradeCount -= w.trades.length - kept.length;
      w.trades = kept;
    }
  }

  trades(
    chain: string,
    wallet: string,
    limit: number,
    beforeAt?: number,
  ): { rows: WalletTrade[]; oldestAt: number | null } {
    const w = this.wallets.get(wallet);
    const picked: TradeRecord[] = [];
    if (w) {
      for (let i = w.trades.length - 1; i >= 0 && picked.length < limit * 2 + 64; i--) {
        const r = w.trades[i] as TradeRecord;
        if (r.chain === chain && (beforeAt === undefined || r.at < beforeAt)) picked.push(r);
      }
    }
    picked.sort((a, b) => b.at - a.at || b.seq - a.seq);
    let page = picked.slice(0, limit);
    // Never split rows sharing a millisecond across pages: `beforeAt` is strict. Solana has no `beforeAt` (§4.2, one
    // page only), so its page is always full.
    if (chain !== "solana" && picked.length > limit && page.length > 1) {
      const edge = (page[page.length - 1] as TradeRecord).at;
      if ((picked[limit] as TradeRecord).at === edge) {
        const trimmed = page.filter((r) => r.at !== edge);
        if (trimmed.length) page = trimmed;
      }
    }
    const sol = chain === "solana";
    const rows = page.map((r): WalletTrade => {
      const common = {
        at: r.at,
        chain: r.chain,
        tokenAddress: r.token,
        isBuy: r.isBuy,
        amountToken: sig(r.amountToken),
        volumeUsd: sig(r.volumeUsd, 8),
        txHash: r.txHash,
      };
      return sol
        ? { ...common, tokenSymbol: r.tokenSymbol, priceUsd: sig(r.volumeUsd / r.amountToken), maker: r.maker }
        : {
            ...common,
            priceNative: sig(r.volumeNative / r.amountToken),
            volumeNative: sig(r.volumeNative),
            block: r.block,
            logIndex: r.logIndex,
          };
    });
    return { rows, oldestAt: page.length ? (page[page.length - 1] as TradeRecord).at : null };
  }

  positions(chain: string, wallet: string): WalletPosition[] {
    const w = this.wallets.get(wallet);
    if (!w) return [];
    const basis = chain === "solana" ? "trade" : "spot";
    const nativeUsd = this.prices.nativeUsd(chain);
    const out: WalletPosition[] = [];
    for (const p of w.positions.values()) {
      if (p.chain !== chain) continue;
      // A retired token has no live price: its last observed one (this wallet's latest fill), never the entry price.
      const price = this.prices.priceNative(chain, p.token) ?? p.lastPriceNative;
      const v = valuePosition(p, price, nativeUsd, basis);
      out.push({
        chain,
        address: p.token,
        symbol: p.symbol,
        name: p.name,
        amount: decimalString(p.amount, 15),
        amountUsd: sig(v.amountUsd, 8),
        entryPriceUsd: sig(v.entryPriceUsd),
        currentPriceUsd: sig(v.currentPriceUsd),
        realizedPnlUsd: sig(v.realizedPnlUsd, 8),
        unrealizedPnlUsd: sig(v.unrealizedPnlUsd, 8),
        totalPnlUsd: sig(v.totalPnlUsd, 8),
        buys: p.buys,
        sells: p.sells,
        firstTradeAt: p.firstTradeAt,
        lastTradeAt: p.lastTradeAt,
      });
    }
    // Open positions by value first, then closed ones by recency.
    return out.sort(
      (a, b) =>
        (b.amount !== "0" ? 1 : 0) - (a.amount !== "0" ? 1 : 0) ||
        b.amountUsd - a.amountUsd ||
        b.lastTradeAt - a.lastTradeAt,
    );
  }

  pnl(wallet: string, chain: string | undefined, period: "1d" | "7d" | "30d" | "all", now: number) {
    const w = this.wallets.get(wallet);
    const sol = chain === "solana";
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const fromDay = period === "all" ? 0 : today - ({ "1d": 0, "7d": 6, "30d": 29 }[period] as number) * DAY_MS;
    const chains: { days: PnlDay[]; usdOf: (n: number, u: number) => number }[] = [];
    for (const [c, days] of w?.days ?? []) {
      if (chain !== undefined ? c !== chain : c === "solana") continue;
      const px = this.prices.nativeUsd(c);
      // Days before the wallet's first live day come from its seeded archive (regenerated, never stored).
      const archived = archivedDays(wallet, c, days[0]?.day ?? today, fromDay, (at) => this.prices.nativeUsdAt(c, at));
      chains.push({ days: archived.length ? [...archived, ...days] : days, usdOf: sol ? (_n, u) => u : (n) => n * px });
    }
    const s = summarizePnl(chains, fromDay);
    return {
      usdBasis: (sol ? "trade" : "spot") as "trade" | "spot",
      history: s.history.map((h) => ({ ...h, realizedPnlUsd: sig(h.realizedPnlUsd, 8) })),
      summary: { ...s.summary, realizedPnlUsd: sig(s.summary.realizedPnlUsd, 8), winRate: sig(s.summary.winRate, 6) },
    };
  }

  /** Chains whose PnL `pnl(wallet, chain)` values at the current native price (`usdBasis: "spot"`, EVM). */
  spotChains(wallet: string, chain: string | undefined): string[] {
    if (chain === "solana") return [];
    const days = this.wallets.get(wallet)?.days;
    if (!days) return [];
    return [...days.keys()].filter((c) => c !== "solana" && (chain === undefined || c === chain));
  }

  fund(e: NativeTransfer): void {
    const key = `${e.chain}|${e.to}`;
    const cur = this.fundings.get(key);
    if (cur && cur.fundedAt <= e.at) return;
    if (!cur && this.fundings.size >= this.caps.fundings)
      this.fundings.delete(this.fundings.keys().next().value as string);
    this.fundings.set(key, {
      chain: e.chain,
      funder: e.from,
      fundedAt: e.at,
      txHash: e.txHash,
      amountNative: e.amountNative,
      funderTag: e.fromTag,
    });
  }

  funding(chain: string, wallet: string): WalletFunding | null {
    return this.fundings.get(`${chain}|${wallet}`) ?? null;
  }

  fundingsSample(
    pred: (f: WalletFunding, wallet: string) => boolean,
  ): { wallet: string; funding: WalletFunding } | null {
    for (const [k, f] of this.fundings) {
      const wallet = k.slice(k.indexOf("|") + 1);
      if (pred(f, wallet)) return { wallet, funding: f };
    }
    return null;
  }

  identify(e: IdentityHarvested): void {
    for (const w of e.wallets) this.identities.set(w, e);
  }

  identity(wallet: string): IdentityHarvested | undefined {
    return this.identities.get(wallet);
  }

  identitiesSample(): IdentityHarvested[] {
    return [...new Set(this.identities.values())];
  }

  profile(address: string): WalletProfile | null {
    const id = this.identities.get(address);
    if (!id) return null;
    return {
      address,
      displayName: id.displayName,
      avatarUrl: id.avatarUrl,
      ensName: id.ensName,
      basename: id.basename,
      solName: id.solName,
      bio: id.bio,
      socials: id.socials,
      followerCounts: id.followerCounts,
      sources: id.sources,
      identityGroup: id.group,
      isProTrader: id.isProTrader || this.pros.has(address),
    };
  }

  linked(address: string): string[] {
    const id = this.identities.get(address);
    return id ? id.wallets.filter((w) => w !== address) : [];
  }

  /** The wallet with the most indexed trades on one chain of a family (for the control endpoint). */
  busiest(evm: boolean): { wallet: string; chain: string; trades: number } | null {
    let best: { wallet: string; chain: string; trades: number } | null = null;
    for (const [wallet, w] of this.wallets) {
      if (wallet.startsWith("0x") !== evm || (best && w.trades.length <= best.trades)) continue;
      const per = new Map<string, number>();
      for (const r of w.trades) per.set(r.chain, (per.get(r.chain) ?? 0) + 1);
      for (const [chain, n] of per) if (!best || n > best.trades) best = { wallet, chain, trades: n };
    }
    return best;
  }
}

function evictPosition(positions: Map<string, Position>): void {
  for (const [k, p] of positions) {
    if (p.amount === 0) {
      positions.delete(k);
      return;
    }
  }
  positions.delete(positions.keys().next().value as string);
}
