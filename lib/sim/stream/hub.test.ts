import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRECONFIRM_TTL_MS, type PulseToken, type TokenTrade, type TradeKey, tradeKey } from "@/lib/api";
import type { Member } from "./channels/group";
import { createHub } from "./hub";
import { pulseToken, TestFeed } from "./testing/feed";
import { createManualTimers } from "./timers";

// Property tests on the hub alone (no sockets): what a consumer rebuilds from the events equals REST.

type Ev = { kind: string; data: unknown; meta: { asOf: number } };
function setup() {
  const timers = createManualTimers(1_800_000_000_000);
  const feed = new TestFeed(() => timers.now());
  const hub = createHub(feed, timers, () => timers.now());
  const got: Ev[] = [];
  const member: Member = { id: "m", sink: { deliver: (b) => got.push(JSON.parse(String(b))) } };
  const flush = () => new Promise<void>((r) => queueMicrotask(r));
  return { timers, feed, hub, got, member, flush };
}

const BASE = "evm:8453";
const TOKEN = `0x${"1".repeat(40)}`;
const POOL = `0x${"a".repeat(40)}`;

describe("trades: a consumer's tape equals REST's", () => {
  it("with revert events, and with only the spec's 30 s rule (property)", async () => {
    const op = fc.oneof(
      fc.record({ t: fc.constant("trade" as const), pre: fc.boolean() }),
      fc.record({ t: fc.constant("settle" as const), revert: fc.boolean(), pick: fc.nat() }),
      fc.record({ t: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 5000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 60 }), async (ops) => {
        const { timers, feed, hub, got, member, flush } = setup();
        feed.addToken(BASE, TOKEN, [POOL]);
        hub.join("trades", { chain: BASE, address: TOKEN }, member);
        const open: TradeKey[] = [];
        for (const o of ops) {
          if (o.t === "trade") {
            const row = feed.trade(BASE, TOKEN, { preconfirmed: o.pre });
            if (o.pre) open.push(row);
          } else if (o.t === "settle" && open.length) {
            const [key] = open.splice(o.pick % open.length, 1);
            if (o.revert) feed.revert(BASE, TOKEN, key);
            else feed.confirm(BASE, TOKEN, key);
          } else if (o.t === "wait") timers.advance(o.ms);
          await flush();
        }
        // settle what is still open (the engine always confirms or reverts within seconds)
        for (const key of open.splice(0)) feed.confirm(BASE, TOKEN, key);
        await flush();
        const withReverts = new Map<string, TokenTrade>();
        const specOnly = new Map<string, { row: TokenTrade; at: number }>();
        for (const e of got) {
          if (e.kind === "revert") for (const k of e.data as TradeKey[]) withReverts.delete(tradeKey(k));
          else
            for (const r of e.data as TokenTrade[]) {
              withReverts.set(tradeKey(r), r);
              specOnly.set(tradeKey(r), { row: r, at: e.meta.asOf });
            }
        }
        timers.advance(PRECONFIRM_TTL_MS);
        for (const [k, v] of specOnly)
          if (v.row.preconfirmed && timers.now() - v.at >= PRECONFIRM_TTL_MS) specOnly.delete(k);
        const rest = feed.tape(BASE, TOKEN);
        const restKeys = rest.map(tradeKey).sort();
        expect([...withReverts.keys()].sort()).toEqual(restKeys);
        expect([...specOnly.keys()].sort()).toEqual(restKeys);
        for (const r of rest) expect(withReverts.get(tradeKey(r))).toEqual(r);
        hub.dispose();
      }),
      { numRuns: 60 },
    );
  });
});

describe("pulse: snapshot + deltas equal REST", () => {
  const addr = (i: number) => `So1${String(i).padStart(40, "x")}`;

  it("top 30 matches REST at every window end while fewer than 70 tokens left since the snapshot (property)", async () => {
    const op = fc.oneof(
      fc.record({ t: fc.constant("set" as const), i: fc.integer({ min: 0, max: 149 }), v: fc.nat(1000) }),
      fc.record({ t: fc.constant("leave" as const), i: fc.integer({ min: 0, max: 149 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { maxLength: 8 }), { maxLength: 8 }), async (steps) => {
        const { timers, feed, hub, got, member } = setup();
        for (let i = 0; i < 120; i++) feed.pulseSet("new", pulseToken("solana", addr(i), { createdAt: 1e12 + i * 7 }));
        hub.join("pulse", { view: "new", chains: ["solana"] }, member);
        let state = new Map<string, PulseToken>();
        const apply = () => {
          for (const e of got.splice(0)) {
            if (e.kind === "snapshot") state = new Map((e.data as PulseToken[]).map((t) => [t.address, t]));
            else if (e.kind === "leave") state.delete((e.data as PulseToken).address);
            else state.set((e.data as PulseToken).address, e.data as PulseToken);
          }
        };
        const top = (list: Iterable<PulseToken>, n: number) =>
          [...list].sort((a, b) => b.createdAt - a.createdAt || a.address.localeCompare(b.address)).slice(0, n);
        for (const step of steps) {
          for (const o of step) {
            if (o.t === "leave") feed.pulseLeave("new", "solana", addr(o.i));
            else feed.pulseSet("new", pulseToken("solana", addr(o.i), { createdAt: 1e12 + o.i * 7, txns: o.v }));
          }
          timers.advance(1000);
          apply();
          expect(top(state.values(), 30)).toEqual(feed.pulseList("new", ["solana"], 30));
        }
        hub.dispose();
      }),
      { numRuns: 60 },
    );
  });
});
