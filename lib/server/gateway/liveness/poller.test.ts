import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ServerFrame, type TokenTrade, tradeKey } from "@/lib/api";
import { DEFAULT_REPLAY_LIMITS } from "../replay-window";
import { SharedSub, type Subscriber } from "../shared-sub";
import { EVM_TOKEN, trade } from "../testing/fixtures";
import { TradesPoller } from "./poller";
import type { RestCaller } from "./rest-caller";

// The trades poller against a scripted REST tape: what reaches a browser is every row once, confirmations and
// reverts included, however the tape grows between polls.

const params = { chain: "evm:8453", address: EVM_TOKEN(1), pools: [EVM_TOKEN(2)] };

/** The market's clock runs 1 000 000 ms ahead of the gateway's here, and 10× as fast: the poller must not mix them up. */
const SKEW = 1_000_000;
const SPEED = 10;
let marketNow = 0;
const wallOf = (market: number) => Math.floor((market + SKEW) / SPEED);

/** A poller on one browser's subscription, which gave `sinceAt` (the market time its tape ends at) or none. */
function setup(sinceAt: number | undefined) {
  let tape: TokenTrade[] = []; // newest first, as REST serves it
  const calls: Record<string, unknown>[] = [];
  let during: (() => void) | null = null;
  const rest: RestCaller = async (_id, req) => {
    const q = req.query as { limit: number; cursor?: string };
    calls.push(q);
    const answerFrom = [...tape];
    // What the stream delivers while this call is in flight (its answer was taken before).
    during?.();
    during = null;
    tape = answerFrom;
    const from = q.cursor ? Number(q.cursor) : 0;
    const page = tape.slice(from, from + q.limit);
    const next = from + q.limit;
    return { data: page, meta: { asOf: marketNow, hasMore: next < tape.length, nextCursor: next < tape.length ? String(next) : null } };
  };
  const shared = new SharedSub("k", "", "trades", params, [], DEFAULT_REPLAY_LIMITS);
  const got: { kind: string; rows: TokenTrade[]; asOf: number }[] = [];
  const sub: Subscriber = {
    deliver: (bytes) => {
      const f = JSON.parse(bytes.subarray(bytes.indexOf(`{"type"`)).toString()) as { kind: string; data: TokenTrade[]; meta: { asOf: number } };
      got.push({ kind: f.kind, rows: f.data, asOf: f.meta.asOf });
    },
    sendFrame: (_f: ServerFrame) => {},
    subscriptionEnded: () => {},
  };
  const poller = new TradesPoller(shared, rest);
  shared.add(sub, "t", { acked: true, sinceAt }); // a browser joins a resource after it is created

  return {
    setTape: (rows: TokenTrade[]) => {
      tape = [...rows].sort((a, b) => b.at - a.at);
    },
    poll: (t: number) => {
      marketNow = t;
      return poller.poll(() => wallOf(t), 0);
    },
    /** Runs `fn` while the next REST call is in flight, after its answer was taken. */
    whileCalling: (fn: () => void) => {
      during = fn;
    },
    shared,
    got,
    calls,
  };
}

describe("trades poller", () => {
  it("delivers rows newer than its start once, then only what is new", async () => {
    const s = setup(1_000);
    s.setTape([trade(1, 900), trade(2, 1_100), trade(3, 1_200)]);
    const first = await s.poll(1_500);
    expect(s.got.flatMap((g) => g.rows.map((r) => r.at))).toEqual([1_100, 1_200]);
    expect(first.delays.sort()).toEqual([300, 400]); // in market time
    s.setTape([trade(1, 900), trade(2, 1_100), trade(3, 1_200), trade(4, 1_300)]);
    await s.poll(1_600);
    await s.poll(1_700);
    expect(s.got.flatMap((g) => g.rows.map((r) => r.at))).toEqual([1_100, 1_200, 1_300]);
  });

  it("starts where its browser's tape ends on the market's clock, however far the market ran ahead of ours", async () => {
    const s = setup(10_000); // the browser's tape ends at 10 000; the first poll comes 20 s of market time later
    s.setTape([trade(1, 9_000), trade(2, 10_000), trade(3, 10_050), trade(4, 29_000)]);
    const first = await s.poll(30_000);
    expect(s.got.flatMap((g) => g.rows.map((r) => r.at))).toEqual([10_000, 10_050, 29_000]);
    expect(s.got.map((g) => g.asOf)).toEqual([30_000]); // the answer's market time, not ours
    expect(first.delays.sort((a, b) => a - b)).toEqual([1_000, 19_950, 20_000]);
  });

  it("without a sinceAt starts a lookback before its first answer, on the market's clock", async () => {
    const s = setup(undefined);
    // The subscription came while the market read 100 000; the first answer comes 20 s of market time later.
    s.setTape([trade(1, 60_000), trade(2, 100_050), trade(3, 119_000)]);
    await s.poll(120_000);
    expect(s.got.flatMap((g) => g.rows.map((r) => r.at))).toEqual([100_050, 119_000]);
    s.setTape([trade(1, 60_000), trade(2, 100_050), trade(3, 119_000), trade(4, 119_500), trade(5, 120_400)]);
    await s.poll(121_000);
    expect(s.got.flatMap((g) => g.rows.map((r) => r.at))).toEqual([100_050, 119_000, 119_500, 120_400]);
  });

  it("pages back through a burst of more than one page since the last poll", async () => {
    const s = setup(0);
    s.setTape([trade(0, 10)]);
    await s.poll(20);
    const burst = Array.from({ length: 250 }, (_, i) => trade(i + 1, 100 + i));
    s.setTape([trade(0, 10), ...burst]);
    await s.poll(1_000);
    expect(s.got.flatMap((g) => g.rows).length).toBe(251);
    expect(s.calls.length).toBe(1 + 3);
  });

  it("forwards a preconfirmed row's confirmation, and reverts one that vanished from the tape", async () => {
    const s = setup(0);
    s.setTape([trade(1, 100, true), trade(2, 110, true), trade(3, 120)]);
    await s.poll(200);
    s.setTape([trade(1, 100, false), trade(3, 120)]); // 1 confirmed, 2 reverted
    await s.poll(300);
    expect(s.got.map((g) => [g.kind, g.rows.map((r) => `${tradeKey(r).slice(-8)}:${r.preconfirmed ?? "-"}`)])).toEqual([
      ["trades", [`${tradeKey(trade(1, 0)).slice(-8)}:true`, `${tradeKey(trade(2, 0)).slice(-8)}:true`, `${tradeKey(trade(3, 0)).slice(-8)}:false`]],
      ["trades", [`${tradeKey(trade(1, 0)).slice(-8)}:false`]],
      ["revert", [`${tradeKey(trade(2, 0)).slice(-8)}:-`]],
    ]);
  });

  it("does not revert a preconfirmed row the stream delivered while the poll's answer was on its way", async () => {
    const s = setup(0);
    s.setTape([trade(1, 100)]);
    await s.poll(200);
    // A promotion's repair poll: its answer is taken, then the stream delivers a preconfirmed row before it lands.
    s.whileCalling(() =>
      s.shared.onEvent(
        { upId: "", channel: "trades", kind: "trades", data: [trade(2, 250, true)], meta: { asOf: 250 } },
        wallOf(260), // our clock while the call is in flight: not before it started
      ),
    );
    await s.poll(260);
    expect(s.got.filter((g) => g.kind === "revert")).toEqual([]);
    // The next answer is the first that could know the row: it is judged by that one (here: still on the tape).
    s.setTape([trade(1, 100), trade(2, 250, true)]);
    await s.poll(280);
    expect(s.got.filter((g) => g.kind === "revert")).toEqual([]);
    s.setTape([trade(1, 100)]);
    await s.poll(290);
    expect(s.got.filter((g) => g.kind === "revert").map((g) => g.rows.length)).toEqual([1]);
  });

  it("never delivers a row twice and misses none, however the tape grows between polls", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 180 }), { minLength: 1, maxLength: 8 }), async (growth) => {
        const s = setup(0);
        const rows: TokenTrade[] = [];
        let n = 0;
        let t = 1_000;
        for (const g of growth) {
          for (let i = 0; i < g; i++) rows.push(trade(++n, t + i));
          t += Math.max(g, 1) + 50;
          s.setTape(rows);
          await s.poll(t);
        }
        const seen = s.got.flatMap((g) => g.rows.map(tradeKey));
        expect(new Set(seen).size).toBe(seen.length);
        expect(new Set(seen)).toEqual(new Set(rows.map(tradeKey)));
      }),
      { numRuns: 40 },
    );
  });
});
