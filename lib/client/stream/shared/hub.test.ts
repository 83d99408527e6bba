import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { EventFrame } from "@/lib/api";
import { fakeUpstream, type FakeUpstream, tradesKey, tradesParams } from "../testing/shared-fakes";
import { trade, tradesFrame } from "../testing/fixtures";
import { createStreamHub, type StreamHub } from "./hub";
import type { HubToTab, TabToHub } from "./protocol";

// The hub alone, with a fake gateway client: reference counts, routing, replay for late joiners, resume points and
// the dropping of silent tabs.

let up: FakeUpstream;
let hub: StreamHub;
let clock = 1_000;
const inbox = new Map<string, HubToTab[]>();
const alive = new Set<string>();

function start(tabTimeoutMs = 5_000) {
  hub = createStreamHub({
    createClient: (sinceAt) => (up = fakeUpstream(sinceAt)).client,
    now: () => clock,
    tabTimeoutMs,
    sweepMs: 3_600_000, // swept by hand
    isTabAlive: async (tab) => alive.has(tab),
    id: "hub1",
  });
}
const send = (m: TabToHub) => {
  const box = inbox.get(m.tab) ?? [];
  inbox.set(m.tab, box);
  hub.receive(m, (r) => box.push(r));
};
const hello = (tab: string, subs: number[] = []) =>
  send({
    t: "hello",
    tab,
    subs: subs.map((n) => ({ key: tradesKey(n), channel: "trades" as const, params: tradesParams(n) })),
  });
const sub = (tab: string, n: number, sinceAt?: number) =>
  send({ t: "sub", tab, key: tradesKey(n), channel: "trades", params: tradesParams(n), ...(sinceAt ? { sinceAt } : {}) });
const got = (tab: string) => inbox.get(tab) ?? [];
const take = (tab: string) => got(tab).splice(0);

afterEach(() => {
  hub?.close();
  inbox.clear();
  alive.clear();
});

describe("stream hub", () => {
  it("holds one gateway subscription per key while any tab wants it", () => {
    start();
    hello("a");
    hello("b");
    sub("a", 1);
    sub("b", 1);
    sub("b", 2);
    expect(up.keys()).toEqual([tradesKey(1), tradesKey(2)].sort());
    send({ t: "unsub", tab: "a", key: tradesKey(1) });
    expect(up.keys()).toContain(tradesKey(1));
    send({ t: "unsub", tab: "b", key: tradesKey(1) });
    expect(up.keys()).toEqual([tradesKey(2)]);
    send({ t: "bye", tab: "b" });
    expect(up.keys()).toEqual([]);
    expect(hub.tabs()).toEqual(["a"]);
  });

  it("routes each key's events, acks and modes only to the tabs that hold it, the frame's text unchanged", () => {
    start();
    hello("a", [1]);
    hello("b", [2]);
    take("a");
    take("b");
    const frame = tradesFrame("s1", [trade({ txHash: "0x01", block: 1, logIndex: 0, at: 5 })], 6) as EventFrame;
    up.handlers(tradesKey(1)).onEvent(frame);
    up.handlers(tradesKey(1)).onAck?.();
    up.handlers(tradesKey(1)).onMode?.({ mode: "poll", delayMs: 2000 });
    expect(take("a")).toEqual([
      { t: "event", key: tradesKey(1), raw: JSON.stringify(frame) },
      { t: "ack", key: tradesKey(1) },
      { t: "mode", key: tradesKey(1), liveness: { mode: "poll", delayMs: 2000 } },
    ]);
    expect(take("b")).toEqual([]);
  });

  it("gives a tab that joins a held key its ack and current mode at once, or the key's error", () => {
    start();
    hello("a", [1, 2]);
    up.handlers(tradesKey(1)).onAck?.();
    up.handlers(tradesKey(1)).onMode?.({ mode: "stream", delayMs: null });
    up.handlers(tradesKey(1)).onMode?.({ mode: "poll", delayMs: 3000 });
    up.handlers(tradesKey(2)).onError?.({ code: "limit_tracked", message: "full", limit: 50 });
    hello("b");
    take("b");
    sub("b", 1);
    sub("b", 2);
    expect(take("b")).toEqual([
      { t: "ack", key: tradesKey(1) },
      { t: "mode", key: tradesKey(1), liveness: { mode: "poll", delayMs: 3000 } },
      { t: "error", key: tradesKey(2), error: { code: "limit_tracked", message: "full", limit: 50 } },
    ]);
  });

  it("replays no ack while the socket is reconnecting; the resubscription's ack reaches every tab", () => {
    start();
    hello("a", [1]);
    up.handlers(tradesKey(1)).onAck?.();
    up.setConn({ status: "reconnecting" });
    hello("b");
    take("b");
    sub("b", 1);
    expect(take("b")).toEqual([]);
    up.handlers(tradesKey(1)).onAck?.();
    up.handlers(tradesKey(1)).onReconnect?.();
    expect(take("b")).toEqual([
      { t: "ack", key: tradesKey(1) },
      { t: "reconnected", key: tradesKey(1) },
    ]);
    expect(take("a").filter((m) => m.t !== "conn")).toEqual([
      { t: "welcome", hub: "hub1", conn: expect.objectContaining({ status: "live" }) },
      { t: "ack", key: tradesKey(1) },
      { t: "ack", key: tradesKey(1) },
      { t: "reconnected", key: tradesKey(1) },
    ]);
  });

  it("tells every tab about the connection, and welcomes a tab with it", () => {
    start();
    hello("a");
    hello("b");
    up.setConn({ status: "reconnecting", attempt: 2 });
    expect(got("a").at(-1)).toEqual({ t: "conn", conn: expect.objectContaining({ status: "reconnecting", attempt: 2 }) });
    expect(got("b").at(-1)).toEqual({ t: "conn", conn: expect.objectContaining({ status: "reconnecting", attempt: 2 }) });
    hello("c");
    expect(got("c")[0]).toEqual({ t: "welcome", hub: "hub1", conn: expect.objectContaining({ status: "reconnecting" }) });
  });

  it("resubscribes trades from the oldest resume point of the tabs holding the key, updated by their beats", () => {
    start();
    hello("a");
    hello("b");
    sub("a", 1, 500);
    sub("b", 1, 300);
    expect(up.sinceAt(tradesKey(1))).toBe(300);
    send({ t: "beat", tab: "b", since: { [tradesKey(1)]: 700 } });
    expect(up.sinceAt(tradesKey(1))).toBe(500);
    send({ t: "beat", tab: "a", since: { [tradesKey(1)]: 900, [tradesKey(9)]: 1 } }); // a key it does not hold is ignored
    expect(up.sinceAt(tradesKey(1))).toBe(700);
    expect(up.sinceAt(tradesKey(9))).toBeUndefined();
    send({ t: "bye", tab: "b" });
    expect(up.sinceAt(tradesKey(1))).toBe(900);
  });

  it("drops a tab that stopped beating and no longer holds its lock; keeps one that does (a throttled hidden tab)", async () => {
    start(5_000);
    hello("gone", [1]);
    hello("hidden", [2]);
    hello("beating", [1]);
    alive.add("hidden");
    clock += 3_000;
    send({ t: "beat", tab: "beating", since: {} });
    await hub.sweep();
    expect(hub.tabs().sort()).toEqual(["beating", "gone", "hidden"]);
    clock += 3_000;
    await hub.sweep();
    expect(hub.tabs().sort()).toEqual(["beating", "hidden"]);
    expect(up.keys()).toEqual([tradesKey(1), tradesKey(2)].sort()); // key 1 still held for "beating"
    clock += 6_000;
    alive.delete("hidden");
    await hub.sweep();
    expect(hub.tabs()).toEqual([]);
    expect(up.keys()).toEqual([]);
  });

  it("asks a dropped tab to join again instead of serving it half", async () => {
    start(5_000);
    hello("a", [1]);
    clock += 6_000;
    await hub.sweep();
    take("a");
    send({ t: "beat", tab: "a", since: {} });
    sub("a", 2);
    expect(take("a")).toEqual([
      { t: "unknown", hub: "hub1" },
      { t: "unknown", hub: "hub1" },
    ]);
    expect(up.keys()).toEqual([]);
    hello("a", [1, 2]);
    expect(up.keys()).toEqual([tradesKey(1), tradesKey(2)].sort());
  });

  it("a second hello replaces the tab's subscriptions", () => {
    start();
    hello("a", [1, 2]);
    hello("a", [2, 3]);
    expect(up.keys()).toEqual([tradesKey(2), tradesKey(3)].sort());
  });

  it("passes a tab's reconnect request to the socket", () => {
    start();
    hello("a");
    send({ t: "reconnect", tab: "a" });
    expect(up.reconnects).toBe(1);
  });

  it("property: the gateway holds exactly the union of the live tabs' subscriptions", async () => {
    const op = fc.oneof(
      fc.record({ op: fc.constant("sub" as const), tab: fc.nat(3), key: fc.nat(5) }),
      fc.record({ op: fc.constant("unsub" as const), tab: fc.nat(3), key: fc.nat(5) }),
      fc.record({ op: fc.constant("hello" as const), tab: fc.nat(3), keys: fc.uniqueArray(fc.nat(5), { maxLength: 4 }) }),
      fc.record({ op: fc.constant("bye" as const), tab: fc.nat(3) }),
      fc.record({ op: fc.constant("beat" as const), tab: fc.nat(3) }),
      fc.record({ op: fc.constant("crash" as const), tab: fc.nat(3) }),
      fc.record({ op: fc.constant("tick" as const), ms: fc.integer({ min: 0, max: 4_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 60 }), async (ops) => {
        hub?.close();
        inbox.clear();
        alive.clear();
        start(5_000);
        // The model: what each tab that the hub should still know holds.
        const model = new Map<string, { keys: Set<number>; seen: number; crashed: boolean }>();
        const crashed = new Set<string>();
        for (const o of ops) {
          if (o.op === "tick") {
            clock += o.ms;
            await hub.sweep();
            // Silent past the timeout: dropped, unless its lock says it lives (then it gets another full timeout).
            for (const [t, m] of model)
              if (m.seen < clock - 5_000) {
                if (alive.has(t)) m.seen = clock;
                else model.delete(t);
              }
            continue;
          }
          const tab = `t${o.tab}`;
          if (crashed.has(tab)) continue;
          const m = model.get(tab);
          if (o.op === "crash") {
            crashed.add(tab);
            alive.delete(tab);
            continue;
          }
          if (o.op === "hello") {
            alive.add(tab);
            hello(tab, o.keys);
            model.set(tab, { keys: new Set(o.keys), seen: clock, crashed: false });
          } else if (!m) {
            if (o.op === "sub") sub(tab, o.key); // unknown to the hub: refused with "unknown"
          } else if (o.op === "sub") {
            sub(tab, o.key);
            m.keys.add(o.key);
            m.seen = clock;
          } else if (o.op === "unsub") {
            send({ t: "unsub", tab, key: tradesKey(o.key) });
            m.keys.delete(o.key);
            m.seen = clock;
          } else if (o.op === "beat") {
            send({ t: "beat", tab, since: {} });
            m.seen = clock;
          } else if (o.op === "bye") {
            send({ t: "bye", tab });
            model.delete(tab);
            alive.delete(tab);
          }
        }
        const union = new Set([...model.values()].flatMap((m) => [...m.keys].map(tradesKey)));
        expect(up.keys()).toEqual([...union].sort());
        expect(hub.keys().sort()).toEqual([...union].sort());
        expect(hub.tabs().sort()).toEqual([...model.keys()].sort());
      }),
      { numRuns: 200 },
    );
  }, 60_000); // 200 runs; a loaded machine can take seconds
});
