import { SimCore } from "@/lib/sim/core";
import { createClock } from "@/lib/sim/engine/clock";
import type { RawEvent } from "@/lib/sim/engine/events";

// Events generated and indexed per second (engine + index, virtual clock, no HTTP), against a baseline loop
// that only allocates the same events (shallow copies of the recorded stream, kept in a bounded ring).

export interface Throughput {
  virtualMinutes: number;
  events: number;
  trades: number;
  ms: number;
  /** CPU time of the measured run (immune to other processes on a shared machine). */
  cpuMs: number;
  baselineMs: number;
  baselineCpuMs: number;
}

export function measureThroughput(virtualMinutes: number): Throughput {
  const clock = createClock({ virtual: true, start: Date.UTC(2026, 5, 1) });
  const core = new SimCore({ seed: 42, clock, warmupMs: 10 * 60_000 });
  const recorded: RawEvent[] = [];
  core.market.onEvent((e) => {
    if (recorded.length < 2_000_000) recorded.push(e);
  });
  const e0 = core.market.eventCount;
  const tr0 = core.index.tradesIndexed;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let m = 0; m < virtualMinutes; m++) clock.advance(60_000);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const events = core.market.eventCount - e0;
  const trades = core.index.tradesIndexed - tr0;

  const ring: RawEvent[] = new Array(4096);
  const b0 = performance.now();
  const bc0 = process.cpuUsage();
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < recorded.length; i++) ring[i & 4095] = { ...(recorded[i] as RawEvent) };
  }
  const baselineMs = (performance.now() - b0) / 3;
  const bc = process.cpuUsage(bc0);
  return {
    virtualMinutes,
    events,
    trades,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    baselineMs,
    baselineCpuMs: (bc.user + bc.system) / 3000,
  };
}
