import { describe, expect, it } from "vitest";
import type { RawEvent } from "./events";
import { SimMarket } from "./market";

// The world: determinism (same seed and start → same events, whatever the tick size) and its default rates.

const START = Date.UTC(2026, 5, 1, 12);

function firstEvents(seed: number, steps: number[], n = 1000): { init: string; live: string[] } {
  const m = new SimMarket({ seed, start: START, warmupMs: 0 });
  const init: string[] = [];
  const live: string[] = [];
  let initDone = false;
  m.onEvent((e) => {
    if (!initDone) init.push(JSON.stringify(e));
    else if (live.length < n) live.push(JSON.stringify(e));
  });
  m.init();
  initDone = true;
  let t = START;
  for (let i = 0; live.length < n && i < 100_000; i++) m.advanceTo((t += steps[i % steps.length] as number));
  return { init: `${init.length}:${hash(init.join("\n"))}`, live };
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

describe("SimMarket", () => {
  it("emits identical first 1,000 events for the same seed and start, whatever the tick size", {
    timeout: 30_000,
  }, () => {
    const a = firstEvents(42, [1000]);
    const b = firstEvents(42, [7, 333, 1, 2500]);
    expect(a.live.length).toBe(1000);
    expect(b.init).toBe(a.init);
    expect(b.live).toEqual(a.live);
    const c = firstEvents(43, [1000], 50);
    expect(c.live).not.toEqual(a.live.slice(0, 50));
  });

  it("runs at the documented rates", { timeout: 30_000 }, () => {
    const m = new SimMarket({ seed: 5, start: START, warmupMs: 0 });
    const seen: RawEvent[] = [];
    m.onEvent((e) => {
      if (e.at >= START) seen.push(e);
    });
    m.init();
    // Measured over minutes 10–20, once curves launched at the start have had time to fill.
    const minutes = 10;
    m.advanceTo(START + minutes * 60_000);
    seen.length = 0;
    m.advanceTo(START + 2 * minutes * 60_000);
    const count = (p: (e: RawEvent) => boolean) => seen.filter(p).length;
    const launches = count((e) => e.type === "token" && e.factory !== null);
    const swaps = count((e) => e.type === "swap");
    const migrations = count((e) => e.type === "migration");
    const confirms = count((e) => e.type === "confirm");
    const reverts = count((e) => e.type === "revert");
    // Every preconfirmed Base swap ends confirmed or reverted.
    expect(confirms).toBeGreaterThan(reverts);
    // A launch every 2–5 s, ~20–60 trades per second, a graduation every ~30–90 s.
    expect(launches / (minutes * 60)).toBeGreaterThan(1 / 6);
    expect(launches / (minutes * 60)).toBeLessThan(1 / 1.5);
    expect(swaps / (minutes * 60)).toBeGreaterThan(15);
    expect(swaps / (minutes * 60)).toBeLessThan(80);
    expect(migrations).toBeGreaterThanOrEqual(4);
    expect(reverts).toBeGreaterThan(0);
    const hostile = seen.filter((e) => e.type === "token" && e.meta.hostile !== null);
    expect(hostile.length).toBeGreaterThan(0);
    // Every migration names its destination pool, which is created in a later transaction.
    for (const mig of seen.filter((e): e is Extract<RawEvent, { type: "migration" }> => e.type === "migration")) {
      const pool = seen.find((e) => e.type === "pool" && e.pool === mig.toPool);
      if (pool) expect(pool.at).toBeGreaterThan(mig.at);
    }
  });

  it("reverts 0.5–1 % of preconfirmed Base transactions (§3)", { timeout: 30_000 }, () => {
    // ~30k Base transactions: the share's standard error is ~0.05 %, so the band holds by a wide margin.
    const m = new SimMarket({ seed: 21, start: START, warmupMs: 0, activityScale: 2 });
    let confirms = 0;
    let reverts = 0;
    m.onEvent((e) => {
      if (e.type === "confirm" && e.chain === "evm:8453") confirms++;
      if (e.type === "revert" && e.chain === "evm:8453") reverts++;
    });
    m.init();
    m.advanceTo(START + 60 * 60_000);
    expect(confirms + reverts).toBeGreaterThan(20_000);
    const share = reverts / (reverts + confirms);
    expect(share).toBeGreaterThanOrEqual(0.005);
    expect(share).toBeLessThanOrEqual(0.01);
  });

  it("makes every Base swap preconfirmed, then confirms or reverts it ~2.5 s later", { timeout: 30_000 }, () => {
    const m = new SimMarket({ seed: 9, start: START, warmupMs: 0 });
    const pre = new Map<string, number>();
    const settled: [string, number, string][] = [];
    m.onEvent((e) => {
      if (e.type === "swap" && e.chain === "evm:8453") {
        expect(e.preconfirmed).toBe(true);
        pre.set(e.txHash, e.at);
      }
      if (e.type === "swap" && e.chain !== "evm:8453") expect(e.preconfirmed).toBe(false);
      if (e.type === "confirm" || e.type === "revert") settled.push([e.txHash, e.at, e.type]);
    });
    m.init();
    m.scenario.revertNextBase();
    m.advanceTo(START + 120_000);
    expect(settled.length).toBeGreaterThan(10);
    for (const [tx, at] of settled) if (pre.has(tx)) expect(at - (pre.get(tx) as number)).toBe(2500);
    expect(settled.some(([, , type]) => type === "revert")).toBe(true);
  });
});
