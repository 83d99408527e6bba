import { SimCore } from "@/lib/sim/core";
import { createClock } from "@/lib/sim/engine/clock";
import { DEFAULT_INDEX_CAPS } from "@/lib/sim/index/state";
import type { LongRunReport, LongRunSample } from "./long-run-report";

// A long accelerated run at default rates (virtual clock, as fast as the CPU allows); reports memory at the end.

const hours = Number(process.argv[2] ?? 6);
const gc = (globalThis as { gc?: () => void }).gc;
const clock = createClock({ virtual: true, start: Date.UTC(2026, 5, 1) });
const core = new SimCore({ seed: 42, clock, warmupMs: 0 });
const t0 = performance.now();
const samples: LongRunSample[] = [];
for (let h = 1; h <= hours; h++) {
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
};
console.log(JSON.stringify(report));
