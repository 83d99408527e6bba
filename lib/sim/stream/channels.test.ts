import { describe, expect, it } from "vitest";
import {
  ohlcvEventSchema,
  PRECONFIRM_TTL_MS,
  PULSE_SNAPSHOT_INTERVAL_MS,
  type PulseToken,
  pulseEventSchema,
  type TokenTrade,
  tokenUpdateEventSchema,
  tradeKey,
  tradesEventSchema,
} from "@/lib/api";
import { pulseToken } from "./testing/feed";
import { BASE, type Frame, harnessPerTest, POOL_A, POOL_B, TOKEN } from "./testing/harness";

const SOL_TOKEN = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const SOL_POOL = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

const h = harnessPerTest([POOL_A, POOL_B], [["solana", SOL_TOKEN, [SOL_POOL]]]);

const rows = (frames: Frame[]) =>
  frames.flatMap((f) => tradesEventSchema.parse(f)).flatMap((f) => (f.kind === "trades" ? f.data : []));

describe("trades", () => {
  it("sends tape rows as REST has them, one frame per engine step, in order", async () => {
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    const a = h.feed.trade(BASE, TOKEN);
    const b = h.feed.trade(BASE, TOKEN, { pool: POOL_B, isBuy: false });
    await c.barrier();
    const frames = c.take("t");
    expect(frames).toHaveLength(1);
    expect(rows(frames)).toEqual([a, b]);
    // every streamed row is in the REST tape with the same identity key and fields
    const tape = new Map(h.feed.tape(BASE, TOKEN).map((r) => [tradeKey(r), r]));
    for (const r of rows(frames)) expect(tape.get(tradeKey(r))).toEqual(r);
  });

  it("splits a very busy step into frames of at most 200 rows", async () => {
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    for (let i = 0; i < 450; i++) h.feed.trade(BASE, TOKEN);
    await c.barrier();
    const frames = c.take("t");
    expect(frames.map((f) => (f.data as unknown[]).length)).toEqual([200, 200, 50]);
  });

  it("sends a Base row preconfirmed first, then confirmed with the same identity key", async () => {
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    const pre = h.feed.trade(BASE, TOKEN, { preconfirmed: true });
    await c.barrier();
    h.timers.advance(2500);
    h.feed.confirm(BASE, TOKEN, pre);
    await c.barrier();
    const got = rows(c.take("t"));
    expect(got.map((r) => r.preconfirmed)).toEqual([true, false]);
    expect(tradeKey(got[0])).toBe(tradeKey(got[1]));
  });

  it("signals a reverted preconfirmed row; a spec-only consumer that drops unconfirmed rows after 30 s ends the same", async () => {
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    const kept = h.feed.trade(BASE, TOKEN, { preconfirmed: true });
    const doomed = h.feed.trade(BASE, TOKEN, { preconfirmed: true });
    const plain = h.feed.trade(BASE, TOKEN);
    await c.barrier();
    h.timers.advance(2500);
    h.feed.confirm(BASE, TOKEN, kept);
    h.feed.revert(BASE, TOKEN, doomed);
    await c.barrier();
    const frames = c.take("t").map((f) => tradesEventSchema.parse(f));
    const revert = frames.find((f) => f.kind === "revert");
    expect(revert?.data).toEqual([{ txHash: doomed.txHash, block: doomed.block, logIndex: doomed.logIndex }]);

    // consumer A applies revert events; consumer B knows only §3 (dedup by key, drop preconfirmed rows after 30 s)
    const a = new Map<string, TokenTrade>();
    const b = new Map<string, { row: TokenTrade; seenAt: number }>();
    for (const f of frames) {
      if (f.kind === "revert") for (const k of f.data) a.delete(tradeKey(k));
      else
        for (const r of f.data) {
          a.set(tradeKey(r), r);
          b.set(tradeKey(r), { row: r, seenAt: f.meta.asOf });
        }
    }
    h.timers.advance(PRECONFIRM_TTL_MS);
    for (const [k, e] of b) if (e.row.preconfirmed && h.timers.now() - e.seenAt >= PRECONFIRM_TTL_MS) b.delete(k);
    const rest = h.feed.tape(BASE, TOKEN);
    const sortKeys = (ks: Iterable<string>) => [...ks].sort();
    expect(sortKeys(a.keys())).toEqual(sortKeys(rest.map(tradeKey)));
    expect(sortKeys(b.keys())).toEqual(sortKeys(rest.map(tradeKey)));
    expect(rest.map(tradeKey)).not.toContain(tradeKey(doomed));
    expect(rest.map(tradeKey)).toContain(tradeKey(plain));
  });

  it("keeps revert signals to the pools a subscription follows", async () => {
    const c = await h.connect();
    await h.subscribe(c, "b", "trades", { chain: BASE, address: TOKEN, pools: [POOL_B] });
    const pre = h.feed.trade(BASE, TOKEN, { pool: POOL_A, preconfirmed: true });
    h.feed.revert(BASE, TOKEN, pre);
    await c.barrier();
    expect(c.take("b")).toEqual([]);
  });
});

describe("ohlcv", () => {
  const candleFrames = (frames: Frame[]) => frames.map((f) => ohlcvEventSchema.parse(f));

  it("sends the forming candle on subscribe and re-pushes it equal to REST after each trade", async () => {
    h.feed.trade(BASE, TOKEN, { priceNative: 1 });
    const c = await h.connect();
    await h.subscribe(c, "o", "ohlcv", { chain: BASE, address: TOKEN, interval: "1m" });
    await c.barrier();
    const first = candleFrames(c.take("o"));
    expect(first).toHaveLength(1);
    expect(first[0].data).toEqual(h.feed.formingCandles(BASE, TOKEN, undefined, "1m", "native"));
    for (const price of [1.5, 0.7, 1.2]) {
      h.feed.trade(BASE, TOKEN, { priceNative: price });
      await c.barrier();
      const [f] = candleFrames(c.take("o"));
      expect(f.data.at(-1)).toEqual(h.feed.formingCandles(BASE, TOKEN, undefined, "1m", "native").at(-1));
      expect(f.meta).toMatchObject({ interval: "1m", quote: "native" });
    }
  });

  it("counts preconfirmed Base swaps and re-pushes when one reverts", async () => {
    const c = await h.connect();
    await h.subscribe(c, "o", "ohlcv", { chain: BASE, address: TOKEN, pools: [POOL_A], interval: "1h" });
    h.feed.trade(BASE, TOKEN, { priceNative: 1, pool: POOL_A });
    const pre = h.feed.trade(BASE, TOKEN, { priceNative: 2, pool: POOL_A, preconfirmed: true });
    await c.barrier();
    expect(candleFrames(c.take("o")).at(-1)?.data.at(-1)).toMatchObject({ high: 2, close: 2 });
    h.feed.trade(BASE, TOKEN, { priceNative: 5, pool: POOL_B }); // another pool: no push
    await c.barrier();
    expect(c.take("o")).toEqual([]);
    h.feed.revert(BASE, TOKEN, pre);
    await c.barrier();
    const [after] = candleFrames(c.take("o"));
    expect(after.data.at(-1)).toMatchObject({ high: 1, close: 1 });
    expect(after.data).toEqual(h.feed.formingCandles(BASE, TOKEN, [POOL_A], "1h", "native").slice(-1));
  });

  it("carries the closed candle's final state when the bucket rolls", async () => {
    const c = await h.connect();
    await h.subscribe(c, "o", "ohlcv", { chain: BASE, address: TOKEN, interval: "1s" });
    h.timers.advance(1000 - (h.timers.now() % 1000));
    h.feed.trade(BASE, TOKEN, { priceNative: 1 });
    await c.barrier();
    h.feed.trade(BASE, TOKEN, { priceNative: 3 });
    await c.barrier();
    h.timers.advance(1000);
    h.feed.trade(BASE, TOKEN, { priceNative: 2 });
    await c.barrier();
    const frames = candleFrames(c.take("o"));
    expect(frames.map((f) => f.data.length)).toEqual([1, 1, 2]);
    const [closed, forming] = frames[2].data;
    expect(closed).toMatchObject({ open: 1, high: 3, close: 3 });
    expect(forming).toMatchObject({ open: 3, close: 2, time: closed.time + 1 });
  });

  it("after a subscribe, the first push carries the bucket it sent on subscribe when that bucket closed meanwhile", async () => {
    h.timers.advance(1000 - (h.timers.now() % 1000));
    h.feed.trade(BASE, TOKEN, { priceNative: 1 });
    const c = await h.connect();
    await h.subscribe(c, "o", "ohlcv", { chain: BASE, address: TOKEN, interval: "1s" });
    await c.barrier();
    const [joined] = candleFrames(c.take("o"));
    const bucket = joined.data.at(-1)?.time as number;
    // One step: a last trade in the subscribe's bucket, then the bucket rolls and the next one trades.
    h.feed.trade(BASE, TOKEN, { priceNative: 4 });
    h.timers.advance(1000);
    h.feed.trade(BASE, TOKEN, { priceNative: 2 });
    await c.barrier();
    const [next] = candleFrames(c.take("o"));
    expect(next.data.map((k) => k.time)).toEqual([bucket, bucket + 1]);
    expect(next.data[0]).toMatchObject({ open: 1, high: 4, close: 4 });
  });

  it("a revert behind the forming candle re-sends every candle from its bucket: upserting them equals REST", async () => {
    const c = await h.connect();
    await h.subscribe(c, "o", "ohlcv", { chain: BASE, address: TOKEN, interval: "1s" });
    h.timers.advance(1000 - (h.timers.now() % 1000));
    const seen = new Map<number, unknown>();
    const apply = () => {
      const frames = candleFrames(c.take("o"));
      for (const f of frames) for (const k of f.data) seen.set(k.time, k);
      return frames;
    };
    h.feed.trade(BASE, TOKEN, { priceNative: 1 });
    const pre = h.feed.trade(BASE, TOKEN, { priceNative: 9, preconfirmed: true });
    await c.barrier();
    for (const price of [2, 3, 4, 5]) {
      h.timers.advance(1000);
      h.feed.trade(BASE, TOKEN, { priceNative: price });
      await c.barrier();
    }
    apply();
    h.feed.revert(BASE, TOKEN, pre); // its bucket closed four candles ago
    await c.barrier();
    const [repair] = apply();
    expect(repair.data.length).toBeGreaterThanOrEqual(5);
    const rest = h.feed.formingCandles(BASE, TOKEN, undefined, "1s", "native", 100);
    expect(rest.map((k) => seen.get(k.time))).toEqual(rest);
    expect(rest[0]).toMatchObject({ high: 1, close: 1 }); // the reverted 9 is gone everywhere
  });

  it("quotes in USD on Solana and accepts solana:solana", async () => {
    const c = await h.connect();
    const ack = await h.subscribe(c, "u", "ohlcv", {
      chain: "solana:solana",
      address: SOL_TOKEN,
      interval: "5m",
      quote: "usd",
    });
    expect(ack.params).toMatchObject({ chain: "solana", quote: "usd" });
    h.feed.trade("solana", SOL_TOKEN, { priceNative: 0.001 });
    await c.barrier();
    const [f] = candleFrames(c.take("u"));
    expect(f.data.at(-1)?.close).toBeCloseTo(0.001 * h.feed.solUsd);
    expect(f.data).toEqual(h.feed.formingCandles("solana", SOL_TOKEN, undefined, "5m", "usd"));
  });
});

describe("token-updates", () => {
  it("sends at most one update per second per token, and always the latest state at the window end", async () => {
    const c = await h.connect();
    const d = await h.connect();
    await h.subscribe(c, "u", "token-updates", { chain: BASE, address: TOKEN });
    await h.subscribe(d, "u2", "token-updates", { chain: BASE, address: TOKEN });
    const sent: Frame[] = [];
    for (let step = 0; step < 60; step++) {
      h.feed.trade(BASE, TOKEN, { priceNative: 1 + step / 100 });
      h.feed.setTokenState(BASE, TOKEN, { liquidityUsd: 1000 + step });
      h.timers.advance(100);
      await c.barrier();
      sent.push(...c.take("u"));
    }
    h.timers.advance(1000);
    await c.barrier();
    sent.push(...c.take("u"));
    const events = sent.map((f) => tokenUpdateEventSchema.parse(f));
    const times = events.map((e) => e.meta.asOf);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(1000);
    expect(events.length).toBeGreaterThanOrEqual(6); // 6 s of constant change
    expect(events.at(-1)?.data).toEqual(h.feed.tokenUpdate(BASE, TOKEN));
    await d.barrier();
    const other = d.take("u2").map((f) => tokenUpdateEventSchema.parse(f).meta.asOf);
    for (let i = 1; i < other.length; i++) expect(other[i] - other[i - 1]).toBeGreaterThanOrEqual(1000);
  });

  it("gives a new subscriber the current state without breaking the 1 s bound of others", async () => {
    const c = await h.connect();
    await h.subscribe(c, "u", "token-updates", { chain: BASE, address: TOKEN });
    await c.barrier();
    expect(c.take("u")).toHaveLength(1); // current state at once
    h.timers.advance(300);
    await h.subscribe(c, "v", "token-updates", { chain: BASE, address: TOKEN });
    await c.barrier();
    expect(c.take("u")).toHaveLength(0);
    expect(c.take("v")).toHaveLength(0); // waits for the open window
    h.timers.advance(700);
    await c.barrier();
    expect(c.take("u")).toHaveLength(1);
    expect(c.take("v")).toHaveLength(1);
    h.timers.advance(5000);
    await c.barrier();
    expect(c.frames).toEqual([]); // quiet token: nothing more
  });
});

describe("degraded data (§1.5)", () => {
  it("flags token-updates and pulse events built on a stale native price with meta.degraded", async () => {
    h.feed.pulseSet("new", pulseToken(BASE, TOKEN, { createdAt: 1_800_000_000_000 }));
    const c = await h.connect();
    await h.subscribe(c, "u", "token-updates", { chain: BASE, address: TOKEN });
    await h.subscribe(c, "p", "pulse", { view: "new", chains: [BASE] });
    await c.barrier();
    expect(tokenUpdateEventSchema.parse(c.take("u")[0]).meta.degraded).toBeUndefined();
    expect(pulseEventSchema.parse(c.take("p")[0]).meta.degraded).toBeUndefined();

    h.feed.staleChains.add(BASE);
    h.timers.advance(1000);
    h.feed.trade(BASE, TOKEN);
    h.feed.pulseSet("new", pulseToken(BASE, `0x${"2".repeat(40)}`, { createdAt: 1_800_000_000_001 }));
    h.timers.advance(PULSE_SNAPSHOT_INTERVAL_MS);
    await c.barrier();
    const updates = c.take("u").map((f) => tokenUpdateEventSchema.parse(f));
    expect(updates.length).toBeGreaterThan(0);
    for (const u of updates) expect(u.meta.degraded).toBe(true);
    const pulse = c.take("p").map((f) => pulseEventSchema.parse(f));
    expect(pulse.map((e) => e.kind)).toEqual(["enter", "snapshot"]);
    for (const e of pulse) expect(e.meta.degraded).toBe(true);
  });
});

describe("pulse", () => {
  const mk = (i: number, chain = "solana", over: Partial<PulseToken> = {}) =>
    pulseToken(
      chain,
      `${chain === "solana" ? "So1" : "0x"}${String(i).padStart(chain === "solana" ? 40 : 40, chain === "solana" ? "b" : "0")}`,
      {
        createdAt: 1_800_000_000_000 + i,
        ...over,
      },
    );

  /** A client's reducer per the documented rules: snapshot replaces; enter/update upsert; leave deletes; sort; cap. */
  function apply(state: Map<string, PulseToken>, f: Frame): Map<string, PulseToken> {
    const e = pulseEventSchema.parse(f);
    if (e.kind === "snapshot") return new Map(e.data.map((t) => [`${t.chain}:${t.address}`, t]));
    if (e.kind === "leave") state.delete(`${e.data.chain}:${e.data.address}`);
    else state.set(`${e.data.chain}:${e.data.address}`, e.data);
    return state;
  }
  const view = (state: Map<string, PulseToken>, limit: number) =>
    [...state.values()].sort((a, b) => b.createdAt - a.createdAt || a.address.localeCompare(b.address)).slice(0, limit);

  it("sends a snapshot equal to REST on subscribe and about every 30 s", async () => {
    for (let i = 0; i < 120; i++) h.feed.pulseSet("new", mk(i));
    const c = await h.connect();
    await h.subscribe(c, "p", "pulse", { view: "new", chains: ["solana"] });
    await c.barrier();
    const [snap] = c.take("p").map((f) => pulseEventSchema.parse(f));
    expect(snap.kind).toBe("snapshot");
    expect(snap.data).toEqual(h.feed.pulseList("new", ["solana"], 100));
    expect(snap.meta).toMatchObject({ view: "new", limit: 100 });
    h.timers.advance(PULSE_SNAPSHOT_INTERVAL_MS);
    await c.barrier();
    const next = c.take("p").map((f) => pulseEventSchema.parse(f));
    expect(next.map((e) => e.kind)).toEqual(["snapshot"]);
    expect(next[0].meta.asOf - snap.meta.asOf).toBe(PULSE_SNAPSHOT_INTERVAL_MS);
  });

  it("keeps a consumer's list equal to REST between snapshots through enter / update / leave deltas", async () => {
    for (let i = 0; i < 10; i++) h.feed.pulseSet("new", mk(i));
    h.feed.pulseSet("new", mk(99, BASE));
    const c = await h.connect();
    await h.subscribe(c, "p", "pulse", { view: "new", chains: ["solana"] });
    let state = new Map<string, PulseToken>();
    const drain = async () => {
      await c.barrier();
      for (const f of c.take("p")) state = apply(state, f);
    };
    await drain();
    for (let step = 0; step < 40; step++) {
      if (step % 3 === 0) h.feed.pulseSet("new", mk(100 + step));
      if (step % 4 === 1) h.feed.pulseLeave("new", "solana", mk(step).address);
      if (step % 2 === 0) h.feed.pulseSet("new", { ...mk(5), txns: step, volumeUsd: step * 10 });
      h.feed.pulseSet("new", mk(200 + step, BASE)); // another chain: filtered out
      h.feed.pulseSet("bonding", mk(300 + step)); // another view: filtered out
      h.timers.advance(500);
      await drain();
      // within the 1 s update window the state may trail REST; at each window end it must match
      if (step % 2 === 1) expect(view(state, 30)).toEqual(h.feed.pulseList("new", ["solana"], 30));
    }
    h.timers.advance(1000);
    await drain();
    expect(view(state, 100)).toEqual(h.feed.pulseList("new", ["solana"], 100));
    expect([...state.values()].every((t) => t.chain === "solana")).toBe(true);
  });

  it("limits update deltas to one per token per second and never sends an update after a leave", async () => {
    h.feed.pulseSet("bonding", mk(1));
    const c = await h.connect();
    await h.subscribe(c, "p", "pulse", { view: "bonding", chains: ["solana"] });
    await c.barrier();
    c.take("p");
    for (let i = 0; i < 10; i++) h.feed.pulseSet("bonding", { ...mk(1), bondingProgress: 10 + i });
    await c.barrier();
    const first = c.take("p").map((f) => pulseEventSchema.parse(f));
    expect(first.map((e) => e.kind)).toEqual(["update"]);
    h.timers.advance(1000);
    await c.barrier();
    const second = c.take("p").map((f) => pulseEventSchema.parse(f));
    expect(second.map((e) => [e.kind, (e.data as PulseToken).bondingProgress])).toEqual([["update", 19]]);
    h.feed.pulseSet("bonding", { ...mk(1), bondingProgress: 50 }); // window open: pending
    h.feed.pulseLeave("bonding", "solana", mk(1).address);
    h.timers.advance(3000);
    await c.barrier();
    expect(c.take("p").map((f) => f.kind)).toEqual(["leave"]);
  });
});

describe("fan-out", () => {
  it("serializes an event once for every socket on the same subscription and frees groups when empty", async () => {
    const clients = await Promise.all([1, 2, 3].map(() => h.connect()));
    for (const c of clients) await h.subscribe(c, "same", "trades", { chain: BASE, address: TOKEN });
    await h.subscribe(clients[0], "other-id", "trades", { chain: BASE, address: TOKEN });
    expect(h.server.stats().groups).toBe(1);
    const before = h.server.stats().serializations;
    h.feed.trade(BASE, TOKEN);
    for (const c of clients) await c.barrier();
    expect(h.server.stats().serializations - before).toBe(1);
    for (const c of clients) expect(c.take("same")).toHaveLength(1);
    expect(clients[0].take("other-id")).toHaveLength(1);
    for (const c of clients) await c.close();
    await (async () => {
      while (h.server.stats().connections) await new Promise((r) => setTimeout(r, 5));
    })();
    expect(h.server.stats()).toMatchObject({ groups: 0, subscriptions: 0, keys: 0 });
  });
});

describe("containment", () => {
  it("keeps the engine and the connection running when the feed throws while an event is built", async () => {
    const c = await h.connect();
    await h.subscribe(c, "o", "ohlcv", { chain: BASE, address: TOKEN, interval: "1m" });
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    await c.barrier();
    c.take("o");
    const real = h.feed.formingCandles.bind(h.feed);
    h.feed.formingCandles = () => {
      throw new Error("index not ready");
    };
    expect(() => h.feed.trade(BASE, TOKEN)).not.toThrow();
    await c.barrier();
    expect(c.take("t")).toHaveLength(1); // other groups still publish
    expect(c.take("o")).toEqual([]);
    expect(h.server.stats().errors).toBe(1);
    h.feed.formingCandles = real;
    h.feed.trade(BASE, TOKEN);
    await c.barrier();
    expect(c.take("o")).toHaveLength(1);
  });
});
