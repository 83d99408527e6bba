import type { PoolHistory } from "../engine/events";
import { evmAddress, evmTxHash, Rng, solanaAddress, solanaSignature } from "../engine/rng";
import { TradeRecord } from "./records";
import type { IndexedToken } from "./state";

// An established token's archived last day of minutes becomes tape rows in front of its live ones, so the tape
// pages back a full day: each minute's trade and buy counts, its native volume split over the trades, prices
// stepping from the minute's open to its close. Sequence numbers come from the archive range, below every live one.
// Makers come from a crowd of the token's regulars (about one wallet per four trades of the day, a few of them much
// busier than the rest), drawn for every archived trade whether it fits the tape or not, so windowed makers counts
// (exact over the rows, estimated by the makers sketch beyond them) reach back over the whole archived day.

/** Archived trades per distinct maker, on average. */
export const TRADES_PER_MAKER = 4;

export const LIVE_SEQ_BASE = 1e12;

export function archiveTape(
  t: IndexedToken,
  events: PoolHistory[],
  nextSeq: () => number,
  nativeUsdAt: (chain: string, at: number) => number,
  /** Rows all tapes may still take before the global budget (history never pushes the index over it). */
  budgetLeft: number,
  /** Every archived trade's maker, kept as a row or not (the makers sketch counts the whole day). */
  onMaker?: (maker: string, at: number) => void,
): TradeRecord[] {
  const room = Math.min(t.tape.cap - t.tape.records.length, budgetLeft);
  if (room <= 0 && !onMaker) return [];
  const liveFrom = t.tape.records[0]?.at ?? Number.POSITIVE_INFINITY;
  const solana = t.chain === "solana";
  type Row = { at: number; pool: string; isBuy: boolean; price: number; native: number; rng: Rng };
  const rows: Row[] = [];
  for (const e of events) {
    if (e.stepSec !== 60) continue;
    const rng = new Rng(`tape:${e.chain}:${e.pool}`);
    e.time.forEach((time, i) => {
      const n = e.trades[i] as number;
      if (!n) return;
      const buys = e.buys[i] as number;
      const open = e.open[i] as number;
      const close = e.close[i] as number;
      const weights = Array.from({ length: n }, () => 0.25 + rng.next() * 1.5);
      const sum = weights.reduce((a, b) => a + b, 0);
      for (let k = 0; k < n; k++) {
        const at = time * 1000 + Math.floor(((k + 0.5) * 60_000) / n);
        if (at >= liveFrom) break;
        const price = open + ((close - open) * (k + 1)) / n;
        const native = ((e.volume[i] as number) * (weights[k] as number)) / sum;
        rows.push({ at, pool: e.pool, isBuy: rng.next() < buys / n, price, native, rng });
      }
    });
  }
  rows.sort((a, b) => a.at - b.at);
  // The day's crowd, and a maker for each of its trades in time order; the newest rows that fit become tape rows.
  const crowdRng = new Rng(`tape-makers:${t.chain}:${t.address}`);
  const crowd = Array.from({ length: Math.max(1, Math.round(rows.length / TRADES_PER_MAKER)) }, () =>
    solana ? solanaAddress(crowdRng) : evmAddress(crowdRng),
  );
  // squared draw: the first regulars trade far more often than the last ones
  const makers = rows.map((r) => {
    const maker = crowd[Math.floor(crowd.length * crowdRng.next() ** 2)] as string;
    onMaker?.(maker, r.at);
    return maker;
  });
  if (room <= 0) return [];
  const from = Math.max(0, rows.length - room);
  const kept = rows.slice(from);
  const records = kept.map((r, i) => {
    const maker = makers[from + i] as string;
    const tx = solana ? solanaSignature(r.rng) : evmTxHash(r.rng);
    const usd = r.native * nativeUsdAt(t.chain, r.at);
    return new TradeRecord(
      nextSeq(),
      t.chain,
      t.address,
      t.symbol,
      r.pool,
      null,
      maker,
      r.isBuy,
      r.at,
      r.native / r.price,
      r.native,
      usd,
      false,
      false,
      false,
      false,
      tx,
      solana ? Math.floor(r.at / 400) : Math.floor(r.at / 2000),
      0,
      solana,
    );
  });
  t.tape.prepend(records);
  return records;
}
