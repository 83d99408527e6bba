import { SimCore } from "@/lib/sim/core";
import { createClock } from "@/lib/sim/engine/clock";
import { DEFAULT_INDEX_CAPS } from "@/lib/sim/index/state";
import { tokenTradesHandler } from "@/lib/sim/http/handlers/trades";
import { envelopeText } from "@/lib/sim/http/respond";
import type { LongRunReport, LongRunSample, TapeDepth } from "./long-run-report";

// A long accelerated run at default rates (virtual clock, as fast as the CPU allows); reports memory at the end.

const hours = Number(process.argv[2] ?? 6);
const gc = (globalThis as { gc?: () => void }).gc;
const clock = createClock({ virtual: true, start: Date.UTC(2026, 5, 1) });
const core = new SimCore({ seed: 42, clock, warmupMs: 0 });
const t0 = performance.now();
const samples: LongRunSample[] = [];
const txnsHourAgo = new Map<string, number>();
for (let h = 1; h <= hours; h++) {
  if (h === hours) for (const t of core.index.tokens.values()) txnsHourAgo.set(t.key, t.txns);
  for (let m = 0; m < 60; m++) clock.advance(60_000);
  gc?.();
  const mu = process.memoryUsage();
  samples.push({
    hour: h,
    rssMb: mu.rss / 1e6,
    heapMb: mu.heapUsed / 1e6,
    heapTotalMb: mu.heapTotal / 1e6,
    arrayBuffersMb: mu.arrayBuffers / 1e6,
    trades: core.index.tradesIndexed,
  });
}
const ix = core.index;

/** The tape of the tokens that traded most in the last hour, paged to its end as a client would (500 rows a page). */
function busiestTapes(n: number): TapeDepth[] {
  const now = core.now();
  return [...ix.tokens.values()]
    .map((t) => ({ t, lastHour: t.txns - (txnsHourAgo.get(t.key) ?? t.txns) }))
    .sort((a, b) => b.lastHour - a.lastHour)
    .slice(0, n)
    .map(({ t, lastHour }) => {
      let rows = 0;
      let oldest = now;
      for (let cursor: string | undefined; ; ) {
        const q = { chain: t.chain, address: t.address, limit: 500, ...(cursor ? { cursor } : {}) };
        const r = tokenTradesHandler({ query: q, body: undefined }, core);
        const page = JSON.parse(envelopeText(r.data, r.meta ?? {})) as {
          data: { at: number }[];
          meta: { hasMore: boolean; nextCursor: string | null };
        };
        rows += page.data.length;
        oldest = page.data.at(-1)?.at ?? oldest;
        if (!page.meta.hasMore || !page.meta.nextCursor) break;
        cursor = page.meta.nextCursor;
      }
      return { token: `${t.chain}:${t.symbol}`, tradesLastHour: lastHour, rows, reachesHours: (now - oldest) / 3_600_000 };
    });
}

const report: LongRunReport = {
  hours,
  elapsedMs: performance.now() - t0,
  trades: ix.tradesIndexed,
  events: core.market.eventCount,
  samples,
  state: {
    tokens: ix.tokens.size,
    tapeRecords: ix.tapeRecords(),
    wallets: ix.wallets.size,
    walletTrades: ix.wallets.tradeCount,
    positions: ix.wallets.positionCount,
    fundings: ix.wallets.fundingCount,
  },
  caps: { ...DEFAULT_INDEX_CAPS, maxLaunchTokens: core.market.caps.maxLaunchTokens },
  busiestTapes: busiestTapes(6),
};
console.log(JSON.stringify(report));
