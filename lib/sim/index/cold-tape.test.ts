import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TokenTrade } from "@/lib/api";
import { SimCore } from "../core";
import { createClock } from "../engine/clock";
import { txId } from "../engine/tx-id";
import { tokenTradesHandler } from "../http/handlers/trades";
import { envelopeText } from "../http/respond";
import { tradeRecord } from "../testing/fixtures";
import { ColdRows } from "./cold-tape";
import type { IndexedToken } from "./state";
import { LIVE_SEQ_BASE, Tape } from "./tape";
import { trimCold } from "./upkeep";

// Live rows a tape lets go of are kept packed and read back as the same records, so the busiest token's tape pages
// back a day — held rows, then cold ones, then the archived day generated on read — with no gap and no repeat, while
// every tape stays within its cap and the cold rows within theirs.

const START = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;
const MIN = 60_000;
const H = 60 * MIN;

describe("ColdRows", () => {
  it("gives back exactly the records it was given, in order, whatever was dropped from its old end", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            solana: fc.boolean(),
            buy: fc.boolean(),
            pool2: fc.boolean(),
            usd: fc.double({ min: 0.01, max: 1e6, noNaN: true }),
          }),
          { minLength: 1, maxLength: 5000 },
        ),
        fc.nat(6000),
        (spec, drop) => {
          const solana = spec[0]?.solana ?? false;
          const recs = spec.map((s, i) => {
            const r = tradeRecord(LIVE_SEQ_BASE + 3 * i + 1, {
              chain: solana ? "solana" : "evm:8453",
              pool: `P${i % 3}`,
              maker: `M${i % 7}`,
              isBuy: s.buy,
              at: START + i * 997,
              amountToken: s.usd * 3.3,
              volumeNative: s.usd / 7,
              usd: s.usd,
              // the market's ids pack to two words; any other id is kept as it is
              txHash:
                i % 3 === 0
                  ? solana
                    ? `${"5".repeat(40)}${i.toString(36).padStart(47, "x")}`
                    : `0x${i.toString(16).padStart(64, "a")}`
                  : txId(solana, Math.imul(i, 2654435761), i),
            });
            return s.pool2
              ? Object.assign(Object.create(Object.getPrototypeOf(r)), r, { pool2: "Q" })
              : r;
          });
          const cold = new ColdRows();
          cold.append(recs.slice(0, Math.ceil(recs.length / 2)));
          cold.append(recs.slice(Math.ceil(recs.length / 2)));
          const n = Math.min(drop, recs.length);
          cold.dropOldest(n);
          expect(cold.size).toBe(recs.length - n);
          for (let k = 0; k < cold.size; k++) expect(cold.record(k)).toEqual(recs[n + k]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a market tape spills past its cap instead of losing rows: every row pushed pages back once, newest first", () => {
    const tape = new Tape(100, { cold: true });
    for (let i = 1; i <= 1_000; i++) tape.push(tradeRecord(LIVE_SEQ_BASE + i, { at: START + i, isBuy: i % 3 !== 0 }));
    expect(tape.records.length).toBeLessThanOrEqual(100 + 16);
    expect(tape.cold?.size).toBeGreaterThan(800);
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const p = tape.page(37, { type: "buy" }, before);
      seen.push(...p.records.map((r) => r.seq - LIVE_SEQ_BASE));
      if (!p.hasMore) break;
      before = p.records[p.records.length - 1]?.seq;
    }
    expect(seen).toEqual(
      Array.from({ length: 1_000 }, (_, i) => 1_000 - i).filter((s) => s % 3 !== 0),
    );
    // a live row lost for good (a trim that does not spill) ends the tape at what it still holds
    tape.trimTo(10);
    expect(tape.liveCut).toBe(true);
    expect(tape.cold?.size).toBe(0);
    expect(tape.page(500, {}).records.length).toBe(10);
  });
});

describe("trimCold", () => {
  const NOW = START + DAY;
  const coldToken = (rows: number, spanMs: number, lastTradeAt: number) => {
    const tape = new Tape(10, { cold: true });
    for (let i = 0; i < rows; i++)
      tape.push(tradeRecord(LIVE_SEQ_BASE + i + 1, { at: Math.round(lastTradeAt - spanMs + (spanMs * (i + 1)) / rows) }));
    tape.spillTo(10);
    return { tape, lastTradeAt } as unknown as IndexedToken;
  };

  it("drops cold rows older than a day and an hour, and keeps the total within the budget, busiest last", () => {
    const old = coldToken(3_000, 30 * H, NOW - 1_000);
    const busy = coldToken(20_000, 24 * H, NOW - 1_000);
    const dead = Array.from({ length: 10 }, () => coldToken(500, 5 * H, NOW - 3 * H));
    const all = [old, busy, ...dead];
    const busyCold = busy.tape.cold?.size;
    expect(busyCold).toBeGreaterThan(19_900);
    const left = trimCold(all, 26_000, NOW);
    expect(left).toBeLessThanOrEqual(26_000);
    expect(left).toBe(all.reduce((n, t) => n + (t.tape.cold?.size ?? 0), 0));
    expect(old.tape.cold?.oldestAt).toBeGreaterThanOrEqual(NOW - 25 * H);
    expect(old.tape.liveCut).toBe(true); // its older rows are gone: it ends at the oldest left
    // idle tokens not read lately give theirs before a trading token loses any
    expect(dead.filter((t) => t.tape.cold?.size === 0).length).toBeGreaterThan(0);
    expect(busy.tape.cold?.size).toBe(busyCold);
    expect(busy.tape.liveCut).toBe(false);
    // a tighter budget: the biggest store gives its oldest rows
    trimCold(all, 10_000, NOW);
    expect(all.reduce((n, t) => n + (t.tape.cold?.size ?? 0), 0)).toBeLessThanOrEqual(10_000);
    expect(busy.tape.liveCut).toBe(true);
    expect(busy.tape.page(100_000, {}).records.length).toBe(busy.tape.records.length + (busy.tape.cold?.size ?? 0));
  });
});

type Page = { data: TokenTrade[]; meta: { hasMore: boolean; nextCursor: string | null } };

describe("the busiest token's day", () => {
  it("pages back ≥ 24 h across held, cold and archived rows after trimming at a tenth of the caps, each row once, the same rows when read again, within the caps", {
    timeout: 300_000,
  }, () => {
    const clock = createClock({ virtual: true, start: START });
    // Tapes a tenth of their default size, so half an hour of market time trims as hours do at the defaults (the same
    // code paths: a tape's own cap, the budget's trims, the cold store's budget).
    const core = new SimCore({
      seed: 42,
      clock,
      warmupMs: 10 * MIN,
      indexCaps: { tapePerToken: 500, tapeTotal: 30_000, coldTotal: 150_000 },
    });
    const caps = core.index.caps;
    const ix = core.index;
    const liveStart = core.now();
    // the market runs half an hour fast; the tapes trim every half minute
    let maxHeld = 0;
    let maxCold = 0;
    for (let m = 0; m < 30; m++) {
      clock.advance(MIN);
      for (const t of ix.tokens.values()) maxHeld = Math.max(maxHeld, t.tape.size);
      maxCold = Math.max(maxCold, ix.coldRecords());
    }
    expect(maxHeld).toBeLessThanOrEqual(caps.tapePerToken);
    expect(maxCold).toBeLessThanOrEqual(caps.coldTotal * 1.05);
    expect(ix.tapeRecords()).toBeLessThanOrEqual(caps.tapeTotal * 1.05);
    expect(ix.coldRecords()).toBeGreaterThan(caps.tapeTotal);

    const busiest = [...ix.tokens.values()].filter((t) => !t.factory).sort((a, b) => b.txns - a.txns)[0];
    if (!busiest) throw new Error("no established token");
    const hours = (core.now() - liveStart) / 3_600_000;
    // busy: far more trades since the market went live than one tape holds
    expect(busiest.txns / hours).toBeGreaterThan(1_500);
    expect(busiest.txns).toBeGreaterThan(caps.tapePerToken);
    // most of its rows were let go of by its tape (its own cap, the budget's trims) and kept cold
    expect(busiest.tape.cold?.size).toBeGreaterThan(busiest.txns / 2);
    expect(busiest.tape.liveCut).toBe(false);

    const read = (query: Record<string, unknown>, cursor?: string): Page => {
      const q = { chain: busiest.chain, address: busiest.address, limit: 500, ...query, ...(cursor ? { cursor } : {}) };
      const r = tokenTradesHandler({ query: q, body: undefined }, core);
      return JSON.parse(envelopeText(r.data, r.meta ?? {})) as Page;
    };
    const whole = (query: Record<string, unknown> = {}) => {
      const rows: TokenTrade[] = [];
      const cursors: string[] = [];
      for (let p = read(query); ; p = read(query, p.meta.nextCursor as string)) {
        rows.push(...p.data);
        if (!p.meta.hasMore) break;
        cursors.push(p.meta.nextCursor as string);
      }
      return { rows, cursors };
    };
    const now = core.now();
    const { rows, cursors } = whole();
    expect(now - (rows[rows.length - 1]?.at ?? now)).toBeGreaterThanOrEqual(DAY);
    const id = (r: TokenTrade) => `${r.txHash}:${r.block}:${r.logIndex}`;
    expect(new Set(rows.map(id)).size).toBe(rows.length);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.at).toBeLessThanOrEqual(rows[i - 1]?.at as number);
    // no gap at the seams: every trade indexed since the market went live is on the tape (those of the warm-up too),
    // and the archived day meets the first live row
    const live = rows.filter((r) => r.at >= core.market.warmStart);
    expect(live.length).toBe(busiest.txns + busiest.pending.length);
    const firstLive = live[live.length - 1]?.at as number;
    const archived = rows.filter((r) => r.at < core.market.warmStart);
    expect(firstLive - (archived[0]?.at ?? 0)).toBeLessThan(5 * MIN);
    // read again (a page at a time, from the same cursors): the same rows
    for (const c of cursors.slice(0, 40)) {
      const a = read({}, c);
      expect(read({}, c)).toEqual(a);
    }
    const again = whole();
    expect(again.rows).toEqual(rows);
    // filtered reads page the same day: a pool, a side, a maker
    const pool = busiest.pools[0]?.address as string;
    const sells = whole({ type: "sell", pools: [pool] }).rows;
    const pools = poolsById(busiest);
    const expected = rows.filter((r) => !r.isBuy && (pools.get(id(r)) ?? []).includes(pool));
    expect(sells.map(id)).toEqual(expected.map(id));
    const maker = rows[Math.floor(rows.length * 0.6)]?.maker as string;
    expect(whole({ maker }).rows.map(id)).toEqual(rows.filter((r) => r.maker === maker).map(id));
    expect(sells.length).toBeGreaterThan(0);
  });
});

/** Pools a served row touched, from the records behind the tape (rows do not carry their pool). */
function poolsById(t: { tape: Tape }): Map<string, string[]> {
  const all = t.tape.page(10_000_000, {}).records;
  return new Map(all.map((r) => [`${r.txHash}:${r.block}:${r.logIndex}`, [r.pool, ...(r.pool2 ? [r.pool2] : [])]]));
}
