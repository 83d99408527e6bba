import type { TokenTrade } from "@/lib/api";

// One indexed trade (multihop-folded). Kept lean — rows (§2.3) are built when served or published, so a
// tape holds numbers and shared strings, not a second object per trade.

export class TradeRecord {
  constructor(
    readonly seq: number,
    readonly chain: string,
    readonly token: string,
    readonly tokenSymbol: string,
    /** First pool of the event; `pool2` the second one when a route split over two. */
    readonly pool: string,
    readonly pool2: string | null,
    readonly maker: string,
    readonly isBuy: boolean,
    readonly at: number,
    readonly amountToken: number,
    readonly volumeNative: number,
    readonly volumeUsd: number,
    readonly isWash: boolean,
    readonly isProTrader: boolean,
    readonly isSniper: boolean,
    public preconfirmed: boolean,
    readonly txHash: string,
    readonly block: number,
    readonly logIndex: number,
    readonly solana: boolean,
  ) {}

  inPools(pools: Set<string>): boolean {
    return pools.has(this.pool) || (this.pool2 !== null && pools.has(this.pool2));
  }

  toRow(): TokenTrade {
    const row: TokenTrade = {
      at: this.at,
      maker: this.maker,
      isBuy: this.isBuy,
      amountToken: round(this.amountToken),
      amountQuote: round(this.volumeNative),
      priceNative: round(this.volumeNative / this.amountToken),
      volumeNative: round(this.volumeNative),
      volumeUsd: round(this.volumeUsd),
      isProTrader: this.isProTrader,
      isSniper: this.isSniper,
      preconfirmed: this.preconfirmed,
      txHash: this.txHash,
      block: this.block,
      logIndex: this.logIndex,
    };
    if (this.solana) row.isWash = this.isWash;
    return row;
  }
}

const POW10 = Array.from({ length: 60 }, (_, i) => 10 ** (i - 20));

/** 10 significant digits without string round-trips. */
export function round(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const e = Math.floor(Math.log10(Math.abs(x)));
  const k = 9 - e;
  if (k < -20 || k > 39) return x;
  const f = POW10[k + 20] as number;
  return Math.round(x * f) / f;
}
