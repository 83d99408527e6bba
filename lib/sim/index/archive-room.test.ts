import { describe, expect, it } from "vitest";
import type { TokenTrade } from "@/lib/api";
import { SimCore } from "../core";
import { createClock } from "../engine/clock";
import { tokenTradesHandler } from "../http/handlers/trades";
import { envelopeText } from "../http/respond";
import { ready } from "./state";

// An established token's archived day loads in full even when it is first read after the tapes already fill the
// global budget: the other tapes give way (idle ones, rows older than a day, the least busy), not its history. What a
// later trim takes of that day comes back, identical, when a read reaches the tape's end.

const START = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;

describe("archive room", () => {
  it("a token read last, with every other tape loaded and the budget full, still pages back its day", {
    timeout: 120_000,
  }, () => {
    const clock = createClock({ virtual: true, start: START });
    const core = new SimCore({ seed: 5, clock, warmupMs: 10 * 60_000, indexCaps: { tapeTotal: 40_000 } });
    const ix = core.index;
    const established = [...ix.tokens.values()].filter((t) => !t.factory);
    expect(established.length).toBeGreaterThan(20);
    // Pace since the market went live, per day: the busiest whose day fits its tape is read last.
    const liveMs = core.now() - core.market.warmStart;
    const perDay = (n: number) => (n * DAY) / liveMs;
    const last = established.filter((t) => perDay(t.txns) <= 0.75 * t.tape.cap).sort((a, b) => b.txns - a.txns)[0];
    expect(last).toBeDefined();
    if (!last) return;
    for (const t of established) if (t !== last) for (const p of t.pools) ready(p);
    // the budget is spent before it is read, by tapes last read longer ago than a page stays open
    for (let i = 0; i < 22; i++) clock.advance(30_000);
    expect(ix.tapeRecords()).toBeGreaterThan(0.85 * 40_000);

    for (const p of last.pools) ready(p);
    const oldest = () => last.tape.records[0]?.at ?? Number.POSITIVE_INFINITY;
    expect(core.now() - oldest()).toBeGreaterThanOrEqual(DAY);
    expect(ix.tapeRecords()).toBeLessThanOrEqual(40_000);

    // Live trading pushes the tapes over the budget again and the 30 s trims cut them: a page open on the token
    // reads its newest rows every half minute, then the trader scrolls to the end: the tape reaches a full day back,
    // every row as it was.
    /** A tape page as the market serves it (`GET /v1/token/trades`, 500 rows). */
    const read = (cursor?: string) => {
      const query = { chain: last.chain, address: last.address, limit: 500, ...(cursor ? { cursor } : {}) };
      const r = tokenTradesHandler({ query, body: undefined }, core);
      return JSON.parse(envelopeText(r.data, r.meta ?? {})) as {
        data: TokenTrade[];
        meta: { hasMore: boolean; nextCursor: string | null };
      };
    };
    const before = new Map(last.tape.records.map((r) => [r.seq, r.toRow()]));
    for (let i = 0; i < 16; i++) {
      clock.advance(30_000);
      read();
    }
    expect(ix.tapeRecords()).toBeLessThanOrEqual(40_000 * 1.05);
    const rows: TokenTrade[] = [];
    for (let page = read(); ; page = read(page.meta.nextCursor as string)) {
      rows.push(...page.data);
      if (!page.meta.hasMore) break;
    }
    expect(core.now() - (rows[rows.length - 1]?.at ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(DAY);
    for (const r of last.tape.records) {
      const was = before.get(r.seq);
      if (was) expect(r.toRow()).toEqual(was);
    }
  });
});
