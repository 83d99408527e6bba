import { describe, expect, it } from "vitest";
import { SimCore } from "../core";
import { createClock } from "../engine/clock";
import type { Migration, PoolCreated } from "../engine/events";
import type { PulseDelta } from "../feed";
import { PulseIndex, viewBits } from "./pulse";
import type { IndexedToken } from "./state";

// §4.4 pulse: `new` is every launch under 24 h old (§3); a launch moves bonding → graduated inside it; graduatedAt
// comes from the migration event; REST lists and stream deltas agree.

const START = Date.UTC(2026, 5, 1, 12);

describe("pulse transitions", () => {
  it("keeps a young launch in new while it moves from bonding to graduated, with graduatedAt from the migration event", {
    timeout: 30_000,
  }, () => {
    const clock = createClock({ virtual: true, start: START });
    const core = new SimCore({ seed: 11, clock, warmupMs: 0, activityScale: 0.2 });
    const ix = core.index;
    const launched = core.market.scenario.launch("solana");
    const deltas: string[] = [];
    ix.events.on("pulse", (d: PulseDelta) => {
      if (d.token.address === launched.address) deltas.push(`${d.view}:${d.kind}`);
    });
    let migration: Migration | undefined;
    let dexPool: PoolCreated | undefined;
    core.market.onEvent((e) => {
      if (e.type === "migration" && e.token === launched.address) migration = e;
      if (e.type === "pool" && e.token === launched.address && !e.curve) dexPool = e;
    });
    ix.flush();
    const t = ix.token("solana", launched.address) as IndexedToken;
    expect(viewBits(t, core.now())).toBe(1);
    expect(ix.pulse.list("new", ["solana"], 100).map((x) => x.address)).toContain(launched.address);

    core.market.scenario.trade("solana", launched.address, "buy", 4000);
    ix.flush();
    clock.advance(10);
    expect(t.bondingProgress).toBeGreaterThanOrEqual(15);
    expect(ix.pulse.list("bonding", ["solana"], 100).map((x) => x.address)).toContain(launched.address);
    // §3: new is "created under 24 hours ago", whatever the bonding progress
    expect(ix.pulse.list("new", ["solana"], 100).map((x) => x.address)).toContain(launched.address);

    core.market.scenario.graduate("solana", launched.address);
    clock.advance(2_500);
    expect(migration).toBeDefined();
    expect(t.migrated).toBe(true);
    expect(t.graduatedAt).toBe(migration?.at);
    clock.advance(10_000);
    expect(dexPool).toBeDefined();
    expect(dexPool?.at).toBeGreaterThan(t.graduatedAt as number);
    expect(t.pricing?.address).toBe(dexPool?.pool);
    const listed = core.index.pulse.list("graduated", ["solana"], 100).find((x) => x.address === launched.address);
    expect(listed?.graduatedAt).toBe(migration?.at);

    expect(ix.pulse.list("new", ["solana"], 100).map((x) => x.address)).toContain(launched.address);
    const compact = deltas.filter((d) => !d.endsWith(":update"));
    expect(compact).toEqual(["bonding:enter", "bonding:leave", "graduated:enter"]);
    expect(deltas).toContain("new:update");
  });
});

describe("PulseIndex sweeps", () => {
  const base = (o: Partial<IndexedToken>): IndexedToken =>
    ({
      chain: "solana",
      address: "A",
      factory: {},
      pricing: {},
      retired: false,
      migrated: false,
      bondingProgress: 0,
      createdAt: START,
      graduatedAt: null,
      lastTradeAt: START,
      views: 0,
      seq: 1,
      ...o,
    }) as unknown as IndexedToken;

  it("ages tokens out of new after 24 h, out of bonding after 6 h quiet, out of graduated after 7 days", () => {
    const events: string[] = [];
    const p = new PulseIndex((view, kind, t) => events.push(`${t.address}:${view}:${kind}`));
    const a = base({ address: "new" });
    const b = base({ address: "bond", bondingProgress: 50 });
    const c = base({ address: "grad", migrated: true, graduatedAt: START });
    for (const t of [a, b, c]) {
      p.added(t);
      p.evaluate(t, START, false);
    }
    expect(events).toEqual([
      "new:new:enter",
      "bond:new:enter",
      "bond:bonding:enter",
      "grad:new:enter",
      "grad:graduated:enter",
    ]);
    events.length = 0;
    p.sweep(START + 6 * 3600_000 + 1);
    expect(events).toEqual(["bond:bonding:leave"]);
    events.length = 0;
    p.sweep(START + 24 * 3600_000 + 1);
    expect(events).toEqual(["new:new:leave", "bond:new:leave", "grad:new:leave"]);
    events.length = 0;
    p.sweep(START + 7 * 86400_000 + 1);
    expect(events).toEqual(["grad:graduated:leave"]);
    expect(p.counts()).toEqual({ new: 0, bonding: 0, graduated: 0 });
  });
});

describe("the new view", () => {
  it("lists every launch created under 24 h, newest first, and its stream deltas rebuild the REST list", {
    timeout: 60_000,
  }, () => {
    const clock = createClock({ virtual: true, start: START });
    const core = new SimCore({ seed: 12, clock, warmupMs: 10 * 60_000 });
    const ix = core.index;
    const chains = ["solana", "evm:56", "evm:8453"];
    const all = () => ix.pulse.list("new", chains, 1_000_000);
    const key = (t: { chain: string; address: string }) => `${t.chain}:${t.address}`;
    // A consumer that took the REST list and then applies enter / update / leave deltas (§6 pulse).
    const state = new Map(all().map((t) => [key(t), t.createdAt]));
    ix.events.on("pulse", (d: PulseDelta) => {
      if (d.view !== "new" || !chains.includes(d.chain)) return;
      if (d.kind === "leave") state.delete(key(d.token));
      else state.set(key(d.token), (d.token as { createdAt: number }).createdAt);
    });
    let staged = 0;
    for (let i = 0; i < 30; i++) {
      clock.advance(60_000);
      const now = core.now();
      const list = all();
      for (let k = 1; k < list.length; k++)
        expect((list[k] as IndexedToken).createdAt).toBeLessThanOrEqual((list[k - 1] as IndexedToken).createdAt);
      const launches = [...ix.tokens.values()].filter((t) => t.factory && chains.includes(t.chain) && !t.retired);
      const young = launches.filter((t) => t.createdAt >= now - 24 * 3600_000);
      expect(new Set(list.map(key))).toEqual(new Set(young.map(key)));
      staged += young.filter((t) => t.migrated || (t.bondingProgress ?? 0) >= 15).length;
      expect(new Set(state.keys())).toEqual(new Set(list.map(key)));
    }
    // Bonding and graduated launches were among them: the view is by age alone.
    expect(staged).toBeGreaterThan(0);
  });
});
