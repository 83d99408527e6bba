import type { PoolHistory } from "../engine/events";
import { evmAddress, evmTxHash, Rng, solanaAddress, solanaSignature } from "../engine/rng";
import type { RowView } from "./cold-tape";
import { TradeRecord } from "./records";
import type { IndexedToken } from "./state";
import { LIVE_SEQ_BASE, type OlderRows } from "./tape";

// An established token's archived last day of minutes becomes tape rows in front of its live ones, so the tape
// pages back a full day: each minute's trade and buy counts, its native volume split over the trades, prices
// stepping from the minute's open to its close. A row's sequence number is its place in the day (below every live
// one), and its tx comes from its own key, so rows a trim took can be generated again, identical, when a read
// reaches the tape's end.
// Makers come from a crowd of the token's regulars (about one wallet per four trades of the day, a few of them much
// busier than the rest), drawn for every archived trade whether it fits the tape or not, so windowed makers counts
// (exact over the rows, estimated by the makers sketch beyond them) reach back over the whole archived day.

/** Archived trades per distinct maker, on average. */
export const TRADES_PER_MAKER = 4;

type Row = { at: number; pool: string; isBuy: boolean; price: number; native: number; time: number; k: number };
/** A token's archived day: its rows oldest first, and each row's maker. */
export type ArchivedDay = { rows: Row[]; makers: string[] };

/**
 * Every archived trade of a token's last day of minutes before `liveFrom`, oldest first, and its maker: the same rows
 * however often they are generated (a row's index is its sequence number minus one; its tx comes from its own key).
 */
export function archivedRows(
  t: IndexedToken,
  events: PoolHistory[],
  liveFrom: number,
  onMaker?: (maker: string, at: number) => void,
): ArchivedDay {
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
        rows.push({ at, pool: e.pool, isBuy: rng.next() < buys / n, price, native, time, k });
      }
    });
  }
  rows.sort((a, b) => a.at - b.at);
  // The day's crowd, and a maker for each of its trades in time order.
  const solana = t.chain === "solana";
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
  return { rows, makers };
}

/** Tape records for archived rows `from` to `to` (exclusive). */
function records(
  t: IndexedToken,
  day: { rows: Row[]; makers: string[] },
  from: number,
  to: number,
  nativeUsdAt: (chain: string, at: number) => number,
): TradeRecord[] {
  const out: TradeRecord[] = [];
  for (let i = from; i < to; i++) out.push(record(t, day, i, nativeUsdAt));
  return out;
}

/** The tape record of archived row `i` (its sequence number is i + 1). */
function record(
  t: IndexedToken,
  day: ArchivedDay,
  i: number,
  nativeUsdAt: (chain: string, at: number) => number,
): TradeRecord {
  const solana = t.chain === "solana";
  const r = day.rows[i] as Row;
  const rng = new Rng(`tape-tx:${t.chain}:${r.pool}:${r.time}:${r.k}`);
  const tx = solana ? solanaSignature(rng) : evmTxHash(rng);
  return new TradeRecord(
        i + 1,
        t.chain,
        t.address,
        t.symbol,
        r.pool,
        null,
        day.makers[i] as string,
        r.isBuy,
        r.at,
        r.native / r.price,
        r.native,
        r.native * nativeUsdAt(t.chain, r.at),
        false,
        false,
        false,
        false,
        tx,
        solana ? Math.floor(r.at / 400) : Math.floor(r.at / 2000),
        0,
        solana,
      );
}

/**
 * The archived day behind a tape's live rows, generated on read (`day()` may hand back a cached copy: the rows are the
 * same however often they are made): what a page reaches past every row the tape holds.
 */
export function olderRows(
  t: IndexedToken,
  day: () => ArchivedDay,
  nativeUsdAt: (chain: string, at: number) => number,
): OlderRows {
  return (beforeSeq, until, keep, out) => {
    if (out.length >= until || beforeSeq <= 1) return;
    const d = day();
    const view: RowView = { pool: "", pool2: null, maker: "", isBuy: false, at: 0, volumeUsd: 0, isWash: false };
    for (let i = Math.min(beforeSeq - 1, d.rows.length) - 1; i >= 0 && out.length < until; i--) {
      const r = d.rows[i] as Row;
      view.pool = r.pool;
      view.maker = d.makers[i] as string;
      view.isBuy = r.isBuy;
      view.at = r.at;
      view.volumeUsd = r.native * nativeUsdAt(t.chain, r.at);
      if (keep(view)) out.push(record(t, d, i, nativeUsdAt));
    }
  };
}

/** First load: the newest archived rows that fit go in front of the live ones. */
export function archiveTape(
  t: IndexedToken,
  events: PoolHistory[],
  nativeUsdAt: (chain: string, at: number) => number,
  /** Rows all tapes may still take before the global budget (history never pushes the index over it). */
  budgetLeft: number,
  /** Every archived trade's maker, kept as a row or not (the makers sketch counts the whole day). */
  onMaker?: (maker: string, at: number) => void,
): TradeRecord[] {
  // with cold rows (live rows the tape let go of) the archived day stays behind them, generated on read
  const cold = t.tape.cold?.size ?? 0;
  const room = cold > 0 ? 0 : Math.min(t.tape.cap - t.tape.records.length, budgetLeft);
  if (room <= 0 && !onMaker) return [];
  const liveFrom = t.tape.oldestKeptAt ?? Number.POSITIVE_INFINITY;
  t.tape.liveFrom = liveFrom;
  const day = archivedRows(t, events, liveFrom, onMaker);
  const from = Math.max(0, day.rows.length - Math.max(0, room));
  // rows that did not fit count as cut: a read with room to spare later puts them in
  if (from > 0) t.tape.archivedCutAt = (day.rows[from - 1] as Row).at;
  const kept = records(t, day, from, day.rows.length, nativeUsdAt);
  t.tape.prepend(kept);
  return kept;
}

/**
 * Puts back archived rows a trim took (at or after `since`, within the room), when no live row went with them: the
 * tape then pages back as far as before. Returns how many rows came back.
 */
export function refillArchive(
  t: IndexedToken,
  events: PoolHistory[],
  nativeUsdAt: (chain: string, at: number) => number,
  budgetLeft: number,
  since: number,
): number {
  const liveFrom = t.tape.liveFrom;
  const room = Math.min(t.tape.cap - t.tape.records.length, budgetLeft);
  if (liveFrom === undefined || t.tape.liveCut || room <= 0 || t.tape.archivedCutAt < since) return 0;
  if ((t.tape.cold?.size ?? 0) > 0) return 0; // cold live rows sit between: the day is read behind them
  const day = archivedRows(t, events, liveFrom);
  const first = t.tape.records[0];
  // the oldest archived row still held is row seq - 1; with none held, the archive ends where live rows begin
  const end = first && first.seq < LIVE_SEQ_BASE ? first.seq - 1 : day.rows.length;
  let start = end;
  while (start > 0 && end - start < room && (day.rows[start - 1] as Row).at >= since) start--;
  t.tape.prepend(records(t, day, start, end, nativeUsdAt));
  t.tape.archivedCutAt = start > 0 ? (day.rows[start - 1] as Row).at : Number.NEGATIVE_INFINITY;
  return end - start;
}
