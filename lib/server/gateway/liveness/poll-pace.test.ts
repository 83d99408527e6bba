import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestBrowser } from "../testing/harness";
import { until } from "../testing/harness";
import { POLL_BURST_MS } from "./controller";
import { rowsOf, startTestMarket, type TestMarket, type Tok } from "./testing/market";

// A join of many polled views on the real embedded market: the pollers spend the minute's credits at a pace (a few
// seconds' worth at once, then as they refill), so the views' first polls cannot spend the whole minute in seconds and
// put every later poll off until that spend leaves the minute; and the delay each view is told covers the wait.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const KEY = "poll-pace-test-key-5e83c0";
let m: TestMarket;
let tokens: Tok[] = [];

beforeAll(async () => {
  m = await startTestMarket(KEY, 31);
  tokens = await m.pickTokens(60);
});

afterAll(async () => {
  await m?.reset();
  await m?.close();
});

/** The delay (ms) a browser was last told for a subscription: its acknowledgement's, or a later `mode` frame's. */
function toldDelayMs(b: TestBrowser, id: string): number | null {
  let delay: number | null = null;
  for (const f of b.frames) {
    if (f.type === "subscribed" && f.id === id) delay = f.mode === "poll" ? (f.delayMs as number) : null;
    else if (f.type === "mode" && (f.ids as string[]).includes(id)) delay = f.mode === "poll" ? (f.delayMs as number) : null;
  }
  return delay;
}

describe("polling credits paced on the embedded market", () => {
  it("spends a join's first polls at the budget's pace, and each view's trade arrives within the delay it is told", async () => {
    // Nothing may stream: 60 tokens' tapes and candles are polled, 360 credits a round on a budget of 600 a minute.
    const budget = 600;
    const { gw, url } = await m.startGateway(
      { limits: { connections: 0, subscriptionsPerConnection: 100, trackedTokens: 100 } },
      { pulseReserve: 0, pollCreditsPerMinute: budget, tickMs: 200, pollTickMs: 50 },
    );
    const browsers = await Promise.all([0, 1, 2].map(() => m.browser(url)));
    const joined = Date.now();
    tokens.forEach((t, i) => {
      const b = browsers[i % 3] as TestBrowser;
      const params = { chain: t.chain, address: t.address, pools: [t.pool] };
      b.subscribe(`t${i}`, "trades", params);
      b.subscribe(`c${i}`, "ohlcv", { ...params, interval: "1m" });
    });
    // The minute's spend sampled through the join: never past what the pace lets through by then (a few seconds'
    // worth at once, then the budget spread over the minute), with one candle poll's cost of slack for a tape's answer
    // that cost more than its usual price.
    const samples: { ms: number; spent: number }[] = [];
    const sampler = setInterval(() => samples.push({ ms: Date.now() - joined, spent: gw.stats().pollCreditsLastMinute ?? 0 }), 50);
    try {
      await until(() => browsers.every((b) => b.of("subscribed").length === 40), "120 acknowledgements", 30_000);
      await until(() => Date.now() - joined > 10_000, "10 s of the join", 15_000);
    } finally {
      clearInterval(sampler);
    }
    expect(browsers.flatMap((b) => b.of("error"))).toEqual([]);
    const burst = (budget * POLL_BURST_MS) / 60_000;
    for (const s of samples) expect(s.spent, `${s.spent} credits spent ${s.ms} ms into the join`).toBeLessThanOrEqual(burst + (budget * s.ms) / 60_000 + 5);
    // It did poll meanwhile: about the pace's worth of the round was spent.
    expect(samples.at(-1)?.spent ?? 0).toBeGreaterThan(burst);

    // A trade on each of 20 tokens now, while the round's first polls still wait: each arrives within twice the delay its
    // tape was told when the trade was made (a trade made just after a poll waits a whole interval), plus 5 s.
    const picked = tokens.slice(0, 20);
    const made = await Promise.all(picked.map((t) => m.trade(t)));
    const madeAt = Date.now();
    const told = picked.map((_, i) => toldDelayMs(browsers[i % 3] as TestBrowser, `t${i}`));
    expect(told.every((d) => d !== null && d > 0)).toBe(true);
    const arrived = new Map<number, number>();
    await until(
      () => {
        picked.forEach((_, i) => {
          if (!arrived.has(i) && rowsOf(browsers[i % 3] as TestBrowser, `t${i}`).some((r) => r.key === made[i])) arrived.set(i, Date.now() - madeAt);
        });
        return arrived.size === picked.length;
      },
      () => `each tape's trade (arrived: ${JSON.stringify([...arrived])}; told: ${JSON.stringify(told)})`,
      110_000 - (Date.now() - joined),
    );
    for (const [i, ms] of arrived) expect(ms, `tape ${i}: told ~${told[i]} ms, arrived after ${ms} ms`).toBeLessThanOrEqual(2 * (told[i] as number) + 5_000);
    expect(gw.stats().pollCreditsLastMinute).toBeLessThanOrEqual(budget + 5);
  });
});
