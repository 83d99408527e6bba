import { describe, expect, it } from "vitest";
import { type Json, marketForFile } from "../testing/harness";

// The busiest established token's tape pages back a full day over HTTP (the archived day joins the live rows), and
// its makers are counted over that day too.

const h = marketForFile({ warmupMs: 10 * 60_000, seed: 5 });

/** Every row of a token's tape, paged 500 at a time: how many, and the oldest one's time. */
async function wholeTape(t: { chain: string; address: string; pools: string[] }) {
  const q = `chain=${encodeURIComponent(t.chain)}&address=${t.address}&limit=500&pools=${t.pools.join(",")}`;
  let oldest = Number.POSITIVE_INFINITY;
  let rows = 0;
  let cursor: string | null = null;
  do {
    const body: Json = await h.get(`/v1/token/trades?${q}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    rows += body.data.length;
    oldest = Math.min(oldest, ...body.data.map((r: { at: number }) => r.at));
    cursor = body.meta.nextCursor;
  } while (cursor);
  return { oldest, rows };
}

describe("tape depth", () => {
  it("pages the busiest established token's tape back ≥ 24 h, newest first, each trade once", {
    timeout: 120_000,
  }, async () => {
    // the busiest established token whose day fits one tape (the reported case: ~5,800 trades in 24 h); the
    // live trades of the warm-up tell its pace without reading every token's archive
    const perDay = (n: number) => (n * 86_400_000) / (10 * 60_000);
    const t = [...h.sim.core.index.tokens.values()]
      .filter((x) => x.factory === null && perDay(x.txns) <= 6_000)
      .sort((a, b) => b.txns - a.txns)[0];
    expect(t).toBeDefined();
    const q = `chain=${encodeURIComponent(t?.chain ?? "")}&address=${t?.address}&limit=100&pools=${t?.pools.map((p) => p.address).join(",")}`;
    const now = h.sim.core.now();
    const seen = new Set<string>();
    let prevAt = Number.POSITIVE_INFINITY;
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: Json = await h.get(`/v1/token/trades?${q}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      for (const r of body.data) {
        const id = `${r.txHash}:${r.logIndex}`;
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
        expect(r.at).toBeLessThanOrEqual(prevAt);
        prevAt = r.at;
      }
      cursor = body.meta.nextCursor;
      pages++;
    } while (cursor && prevAt > now - 24 * 3600_000 && pages < 200);
    expect(now - prevAt).toBeGreaterThanOrEqual(24 * 3600_000);
    const detail = await h.get(`/v1/token?chain=${encodeURIComponent(t?.chain ?? "")}&address=${t?.address}`);
    // a busy token: thousands of trades in its last day
    expect(detail.data.txns24h).toBeGreaterThan(2_000);
  });

  it("names in its control state a busy established token whose tape reaches a day back, and the history/live seam", {
    timeout: 120_000,
  }, async () => {
    const s = await h.control("GET", "/__control/state");
    expect(s.liveFrom).toBe(h.sim.core.market.warmStart);
    expect(s.now - s.liveFrom).toBeGreaterThanOrEqual(10 * 60_000);
    const { oldest, rows } = await wholeTape(s.notable.dayTapeToken);
    expect(s.now - oldest).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(rows).toBeGreaterThan(2_000); // busy: thousands of trades in its day
    // Once read, a token still holding its day stays a candidate: later tests are never left without one.
    const again = await h.control("GET", "/__control/state");
    expect(again.notable.dayTapeToken).not.toBeNull();
    const later = await wholeTape(again.notable.dayTapeToken);
    expect(again.now - later.oldest).toBeGreaterThanOrEqual(24 * 3600_000);
  });

  it("counts an established token's makers over its archived day: 1h, 6h and 24h are numbers, not unknown", async () => {
    // a busy established token whose day fits its tape (a busier one's archive reaches back only part of the day,
    // and its longer windows stay unknown)
    const perDay = (n: number) => (n * 86_400_000) / (10 * 60_000);
    const t = [...h.sim.core.index.tokens.values()]
      .filter((x) => x.factory === null && perDay(x.txns) <= 6_000)
      .sort((a, b) => b.txns - a.txns)[1];
    expect(t).toBeDefined();
    const q = `chain=${encodeURIComponent(t?.chain ?? "")}&address=${t?.address}`;
    const stats = (await h.get(`/v1/token/stats?${q}`)).data.windows;
    const windows = ["5m", "1h", "6h", "24h"] as const;
    const makers = windows.map((w) => stats[w].makers as number | null);
    expect(makers, JSON.stringify(stats)).toEqual(makers.map(() => expect.any(Number)));
    for (let i = 1; i < windows.length; i++)
      expect(makers[i] as number).toBeGreaterThanOrEqual(makers[i - 1] as number);
    for (const w of windows) {
      const { makers: m, txns } = stats[w];
      if (txns === 0) continue;
      expect(m).toBeGreaterThan(0);
      expect(m).toBeLessThanOrEqual(txns); // every maker made at least one trade in the window
    }
    // regulars come back: a day has fewer makers than trades
    expect(stats["24h"].makers).toBeLessThan(stats["24h"].txns / 2);
  });
});
