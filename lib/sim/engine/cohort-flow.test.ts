import { describe, expect, it } from "vitest";
import { simChain } from "./chains";
import type { NativeTransfer, RawEvent, SwapLog, TokenCreated } from "./events";
import { bundleOf } from "./launches";
import { SimMarket } from "./market";

// The launch behaviours behind holder cohorts: bundles from one funder in the creation block, fresh wallets,
// dev sells — present at the documented rates.

const START = Date.UTC(2026, 5, 1, 12);

describe("cohort behaviours of the simulated market", () => {
  it("a bundle: new wallets, one untagged funder, funded before the launch, buying in the creation block", () => {
    const m = new SimMarket({ seed: 3, start: START, warmupMs: 0 });
    const events: RawEvent[] = [];
    m.onEvent((e) => events.push(e));
    m.init();
    const t = m.launch(simChain("solana"), { bundle: 4 });
    const b = bundleOf(t);
    expect(b?.wallets).toHaveLength(4);
    const created = events.find((e): e is TokenCreated => e.type === "token" && e.token === t.address);
    const funds = events.filter(
      (e): e is NativeTransfer => e.type === "transfer" && b?.wallets.includes(e.to) === true,
    );
    expect(funds).toHaveLength(4);
    for (const f of funds) {
      expect(f.from).toBe(b?.funder);
      expect(f.fromTag).toBeNull();
      expect(f.at).toBeLessThan(t.createdAt);
    }
    const buys = events.filter(
      (e): e is SwapLog => e.type === "swap" && e.token === t.address && b?.wallets.includes(e.origin) === true,
    );
    expect(buys).toHaveLength(4);
    for (const s of buys) {
      expect(s.isBuy).toBe(true);
      expect(s.block).toBe(created?.block);
    }
    expect(new Set(buys.map((s) => s.txHash)).size).toBe(4);
  });

  it("runs bundles, fresh buyers and dev sells at launchpad rates", { timeout: 60_000 }, () => {
    const m = new SimMarket({ seed: 9, start: START, warmupMs: 0 });
    const launches = new Map<string, TokenCreated>();
    const funded = new Map<string, number>();
    let devSells = 0;
    let freshBuys = 0;
    let buys = 0;
    const seenBuyer = new Set<string>();
    m.onEvent((e) => {
      if (e.type === "token" && e.factory) launches.set(e.token, e);
      if (e.type === "transfer" && !funded.has(e.to)) funded.set(e.to, e.at);
      if (e.type !== "swap" || !launches.has(e.token)) return;
      if (!e.isBuy && e.origin === launches.get(e.token)?.creator) devSells++;
      if (e.isBuy && !seenBuyer.has(`${e.token}|${e.origin}`)) {
        seenBuyer.add(`${e.token}|${e.origin}`);
        buys++;
        const f = funded.get(e.origin);
        if (f !== undefined && e.at - f <= 3600_000 && e.at >= f) freshBuys++;
      }
    });
    m.init();
    m.advanceTo(START + 20 * 60_000);
    const withBundle = [...launches.values()].filter((l) => {
      const t = m.token(l.chain, l.token);
      return t && bundleOf(t);
    }).length;
    const share = withBundle / launches.size;
    expect(launches.size).toBeGreaterThan(150);
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.2);
    expect(devSells).toBeGreaterThan(10);
    expect(freshBuys / buys).toBeGreaterThan(0.05);
    expect(freshBuys / buys).toBeLessThan(0.5);
  });
});
