import type { Candle, OhlcvInterval, PulseToken, PulseView, Quote, TokenUpdate } from "@/lib/api";
import type { SimCore } from "./core";
import type { MarketFeed, PulseDelta, RevertEvent, TradeEvent, Unsubscribe } from "./feed";
import { ohlcvView } from "./index/ohlcv-view";
import { pulseEntry, tokenUpdate } from "./index/views";

// The seam the stream server consumes: live events from the index, and reads that equal REST's answers.

export function createMarketFeed(core: SimCore): MarketFeed {
  const ix = core.index;
  const canon = (chain: string, address: string) => (chain === "solana" ? address : address.toLowerCase());
  const token = (chain: string, address: string) =>
    ix.token(chain === "solana:solana" ? "solana" : chain, canon(chain, address));
  return {
    now: () => core.now(),
    onTrade: (l: (e: TradeEvent) => void): Unsubscribe => ix.events.on("trade", l),
    onRevert: (l: (e: RevertEvent) => void): Unsubscribe => ix.events.on("revert", l),
    onTokenChange: (l: (chain: string, address: string) => void): Unsubscribe => ix.events.on("token", l),
    onPulseDelta: (l: (d: PulseDelta) => void): Unsubscribe => ix.events.on("pulse", l),
    tokenExists: (chain, address) => token(chain, address) !== undefined,
    tokenPools: (chain, address) => token(chain, address)?.pools.map((p) => p.address) ?? [],
    tokenUpdate(chain, address): TokenUpdate | null {
      const t = token(chain, address);
      return t ? tokenUpdate(t, ix) : null;
    },
    nativeStale: (chain) => ix.nativeStale(chain),
    formingCandles(chain, address, pools, interval: OhlcvInterval, quote: Quote, limit = 2): Candle[] {
      const t = token(chain, address);
      if (!t) return [];
      const set = pools?.length ? new Set(pools.map((p) => canon(chain, p))) : null;
      const chosen = set ? t.pools.filter((p) => set.has(p.address)) : t.pools;
      return ohlcvView(ix, t, chosen, interval, quote, { limit }).candles;
    },
    pulseList(view: PulseView, chains: string[], limit: number): PulseToken[] {
      return ix.pulse.list(view, chains, limit).map((t) => pulseEntry(t, ix));
    },
  };
}
