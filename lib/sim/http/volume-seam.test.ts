import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../test/harness";

// Established tokens: the generated history and the live market that continues it trade at the same pace, so the
// volume bars do not jump where they meet (the warm-up start).

const WARMUP_MS = 30 * 60_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ warmupMs: WARMUP_MS, seed: 5 });
}, 120_000);
afterAll(() => h?.sim.close());

interface Candle {
  time: number;
  volume: number;
}

describe("volume across the history/live seam", () => {
  it("stays within 2× for the typical busy established token, 4× for any", async () => {
    const seam = Math.floor((h.sim.core.now() - WARMUP_MS) / 60_000) * 60;
    const tokens = [...h.sim.core.market.ctx.tokens.values()].filter((t) => t.archive && t.activity);
    expect(tokens.length).toBeGreaterThan(20);
    const ratios: number[] = [];
    for (const t of tokens) {
      const pools = t.pools.map((p) => p.address).join(",");
      const r = await h.get(
        `/v1/token/ohlcv?chain=${t.chain.chain}&address=${t.address}&pools=${pools}&interval=1m&limit=150`,
      );
      const bars = r.data as Candle[];
      const before = bars.filter((b) => b.time < seam && b.time >= seam - 3600);
      const after = bars.filter((b) => b.time >= seam && b.time < seam + WARMUP_MS / 1000 - 60);
      const mean = (xs: Candle[]) => xs.reduce((s, b) => s + b.volume, 0) / Math.max(1, xs.length);
      expect(before.length).toBeGreaterThan(30);
      expect(after.length).toBeGreaterThan(20);
      // Only tokens trading at least every ~5 s on average: quieter ones are too noisy over half an hour.
      if ((t.activity?.rate ?? 0) >= 0.2) ratios.push(mean(after) / mean(before));
    }
    expect(ratios.length).toBeGreaterThan(5);
    // Typical token within 2× (half an hour of live trades is one sample: fat-finger trades on thin pools and their
    // arbitrage make single tokens noisy), and no token more than 4× off (before: 3–28× for every token).
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1] as number;
    expect(median).toBeGreaterThan(0.5);
    expect(median).toBeLessThan(2);
    for (const r of ratios) {
      expect(r).toBeGreaterThan(0.25);
      expect(r).toBeLessThan(4);
    }
  });
});
