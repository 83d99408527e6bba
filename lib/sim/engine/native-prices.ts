import type { NativePrice } from "@/lib/api";
import { SIM_CHAINS, type SimChain } from "./chains";
import { hash32 } from "./rng";

// Native coin USD prices: a seeded multi-scale random walk that is a pure function of time, so any past bucket's
// rate (e.g. SOL/USD for §4.5 `quote=usd`) is known without storing history. Prices tick every UPDATE_MS; one
// chain's feed stalls now and then so consumers see `stale: true` (§2.11).

export const PRICE_UPDATE_MS = 3_000;
export const STALE_AFTER_MS = 60_000;
const STALL_EVERY_MS = 20 * 60_000;
const STALL_FOR_MS = 3 * 60_000;

/** Each native coin's reference USD price: the walk's centre, and what launch curves are sized against. */
export const BASE_NATIVE_USD: Readonly<Record<string, number>> = {
  SOL: 172,
  ETH: 3350,
  BNB: 610,
  POL: 0.42,
  AVAX: 31,
  MNT: 0.78,
  S: 0.52,
  BERA: 4.6,
  HYPE: 26,
};

// Octaves of value noise: period (ms) and amplitude (log-price).
const OCTAVES: [number, number][] = [
  [7 * 60_000, 0.004],
  [90 * 60_000, 0.012],
  [26 * 3600_000, 0.035],
  [9 * 86400_000, 0.09],
  [47 * 86400_000, 0.15],
];

function lattice(seed: number, i: number): number {
  // Integer hash of (seed, i): cheap and stable.
  let h = Math.imul(seed ^ Math.imul(i | 0, 0x9e3779b1), 0x85ebca6b) ^ Math.imul((i / 4294967296) | 0, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return ((h >>> 0) / 4294967296) * 2 - 1;
}

/** Smooth seeded noise in [-1, 1] (value noise with smoothstep). */
export function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const s = f * f * (3 - 2 * f);
  const a = lattice(seed, i);
  return a + (lattice(seed, i + 1) - a) * s;
}

export class NativePrices {
  private readonly seeds = new Map<string, number>();
  private readonly stallChain: string;
  private readonly stallPhase: number;

  constructor(seed: number) {
    for (const sym of Object.keys(BASE_NATIVE_USD)) this.seeds.set(sym, hash32(`native:${seed}:${sym}`));
    this.stallChain = "evm:645749";
    this.stallPhase = hash32(`stall:${seed}`) % STALL_EVERY_MS;
  }

  private readonly memo = new Map<string, { tick: number; price: number }>();
  private readonly past = new Map<string, Map<number, number>>();

  /** The USD price in effect at `atMs` (the last tick at or before it). */
  usdAt(symbol: string, atMs: number): number {
    const tick = Math.floor(atMs / PRICE_UPDATE_MS) * PRICE_UPDATE_MS;
    const m = this.memo.get(symbol);
    if (m && m.tick === tick) return m.price;
    if (m && tick < m.tick) {
      // Past ticks (history backfill, bucket conversions): a bounded cache per symbol.
      let cache = this.past.get(symbol);
      if (!cache) this.past.set(symbol, (cache = new Map()));
      let p = cache.get(tick);
      if (p === undefined) {
        if (cache.size >= 20_000) cache.clear();
        p = this.compute(symbol, tick);
        cache.set(tick, p);
      }
      return p;
    }
    const price = this.compute(symbol, tick);
    this.memo.set(symbol, { tick, price });
    return price;
  }

  private compute(symbol: string, tick: number): number {
    const seed = this.seeds.get(symbol) ?? hash32(symbol);
    let logp = 0;
    for (let k = 0; k < OCTAVES.length; k++) {
      const [period, amp] = OCTAVES[k] as [number, number];
      logp += amp * valueNoise(seed + k * 7919, tick / period);
    }
    return (BASE_NATIVE_USD[symbol] ?? 1) * Math.exp(logp);
  }

  chainUsdAt(chain: SimChain, atMs: number): number {
    return this.usdAt(chain.nativeSymbol, atMs);
  }

  /** When the chain's feed last updated as of `nowMs` (frozen during a stall window). */
  updatedAt(chain: SimChain, nowMs: number): number {
    const tick = Math.floor(nowMs / PRICE_UPDATE_MS) * PRICE_UPDATE_MS;
    if (chain.chain !== this.stallChain) return tick;
    const into = (((nowMs - this.stallPhase) % STALL_EVERY_MS) + STALL_EVERY_MS) % STALL_EVERY_MS;
    if (into >= STALL_FOR_MS) return tick;
    const stallStart = nowMs - into;
    return Math.floor(stallStart / PRICE_UPDATE_MS) * PRICE_UPDATE_MS;
  }

  /** §2.11 entry for one chain as of `nowMs`. */
  quote(chain: SimChain, nowMs: number): NativePrice {
    const updatedAt = this.updatedAt(chain, nowMs);
    return {
      symbol: chain.nativeSymbol,
      priceUsd: round(this.chainUsdAt(chain, updatedAt), 6),
      source: "live",
      stale: nowMs - updatedAt > STALE_AFTER_MS,
      updatedAt,
    };
  }

  all(nowMs: number): Record<string, NativePrice> {
    const out: Record<string, NativePrice> = {};
    for (const c of SIM_CHAINS) out[c.chain] = this.quote(c, nowMs);
    return out;
  }
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
