import { describe, expect, it } from "vitest";
import { LIVE_SEQ_BASE } from "../index/tape";
import { type Json, marketForFile } from "../testing/harness";

// A tape the market trimmed while nobody read it (its archived rows, never a live one) pages back its full day again
// when it is read: the same rows, each once, with the same tx hashes; a tape that lost live rows ends honestly.

const h = marketForFile({ warmupMs: 10 * 60_000, seed: 7 });
const DAY = 86_400_000;

type Ref = { chain: string; address: string; pools: string[] };
type Row = { txHash: string; logIndex: number; at: number; maker: string; volumeUsd: number };

async function wholeTape(t: Ref): Promise<Row[]> {
  const q = `chain=${encodeURIComponent(t.chain)}&address=${t.address}&limit=500&pools=${t.pools.join(",")}`;
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const body: Json = await h.get(`/v1/token/trades?${q}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    rows.push(...body.data);
    cursor = body.meta.nextCursor;
  } while (cursor);
  return rows;
}

const key = (r: Row) => `${r.txHash}:${r.logIndex}`;

describe("tape refill", () => {
  it("a read tape trimmed of its archived rows gives them back, identical, when a read reaches its end", {
    timeout: 120_000,
  }, async () => {
    const ref: Ref = h.state.notable.dayTapeToken;
    expect(ref).not.toBeNull();
    const before = await wholeTape(ref);
    const now = h.sim.core.now();
    expect(now - (before[before.length - 1]?.at ?? now)).toBeGreaterThanOrEqual(DAY);

    // What the periodic trim does to a tape nobody read for a while, once the budget is tight: its oldest rows go.
    const t = h.sim.core.index.token(ref.chain, ref.address);
    const live = t?.tape.records.filter((r) => r.seq >= LIVE_SEQ_BASE).length ?? 0;
    t?.tape.trimTo(live + 20);
    expect(t?.tape.liveCut).toBe(false);
    // still named: the next read puts its day back
    const state = await h.control("GET", "/__control/state");
    expect(state.notable.dayTapeToken?.address).toBe(ref.address);

    const after = await wholeTape(ref);
    expect(new Set(after.map(key)).size).toBe(after.length);
    for (let i = 1; i < after.length; i++) expect(after[i]?.at).toBeLessThanOrEqual(after[i - 1]?.at ?? 0);
    // every row of the first read is back, the same trade (tx, time, maker, size); only newer live rows were added
    const again = new Map(after.map((r) => [key(r), r]));
    const missing = before.filter((r) => {
      const a = again.get(key(r));
      return !a || a.at !== r.at || a.maker !== r.maker || a.volumeUsd !== r.volumeUsd;
    });
    expect(missing).toEqual([]);
    expect(after.length).toBeGreaterThanOrEqual(before.length);
  });

  it("a tape that lost live rows is not refilled: it ends at its oldest row held, and is no longer named", {
    timeout: 120_000,
  }, async () => {
    const ref: Ref = h.state.notable.dayTapeToken;
    const t = h.sim.core.index.token(ref.chain, ref.address);
    if (!t) throw new Error("the named token is not indexed");
    t.tape.trimTo(5);
    expect(t.tape.liveCut).toBe(true);
    const oldestHeld = t.tape.records[0]?.at ?? 0;
    const rows = await wholeTape(ref);
    expect(rows.length).toBeLessThan(50);
    expect(rows[rows.length - 1]?.at).toBe(oldestHeld);
    const state = await h.control("GET", "/__control/state");
    expect(state.notable.dayTapeToken?.address).not.toBe(ref.address);
  });

  it("a token whose live rows went before its first read gets no archived day behind them: no hole, not named", {
    timeout: 120_000,
  }, async () => {
    const t = [...h.sim.core.index.tokens.values()].find((x) => !x.factory && !x.hydrated && x.tape.size > 50);
    if (!t) throw new Error("no established token left unread");
    t.tape.trimTo(5);
    expect(t.tape.liveCut).toBe(true);
    const oldestHeld = t.tape.records[0]?.at ?? 0;
    const ref: Ref = { chain: t.chain, address: t.address, pools: t.pools.map((p) => p.address) };
    const rows = await wholeTape(ref);
    expect(rows.length).toBeLessThan(50);
    expect(rows[rows.length - 1]?.at).toBe(oldestHeld);
    expect(oldestHeld).toBeGreaterThan(h.sim.core.market.warmStart);
    const state = await h.control("GET", "/__control/state");
    expect(state.notable.dayTapeToken?.address).not.toBe(ref.address);
  });
});
