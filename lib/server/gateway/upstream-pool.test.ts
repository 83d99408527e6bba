import { afterEach, describe, expect, it } from "vitest";
import type { TokenTrade } from "@/lib/api";
import type { RestCaller } from "./liveness/rest-caller";
import { trade } from "./testing/fixtures";
import { type Harness, startHarness, until } from "./testing/harness";
import { keyOf, tradesParams } from "./testing/harness-keys";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A REST tape for one token's trades (newest first, one pool), answered at the virtual clock's time. */
function fakeRest(now: () => number, tape: TokenTrade[]): RestCaller {
  return async (id) => {
    if (id === "tokenPools") return { data: [{ address: `0x${"ab".repeat(20)}` }], meta: { asOf: now() } };
    if (id === "tokenTrades")
      return { data: [...tape].sort((a, b) => b.at - a.at), meta: { asOf: now(), hasMore: false, nextCursor: null } };
    throw new Error(`unexpected REST call ${id}`);
  };
}

describe("upstream pool under tiered liveness: a new resource the upstream never acknowledges", () => {
  it("is polled after the fallback delay instead of ending with upstream_unavailable, and keeps producing events", async () => {
    const tape: TokenTrade[] = [];
    let clockNow = () => 0;
    h = await startHarness({
      gateway: { liveness: { rest: (id, req, o) => fakeRest(clockNow, tape)(id, req, o), pollCreditsPerMinute: 6_000 } },
    });
    const hh = h;
    clockNow = () => hh.clock.now();
    const key = keyOf("trades", tradesParams(1));
    hh.up.withholdAcks(() => true); // the upstream registers the subscription and stays silent
    const b = await hh.browser();
    b.subscribe("t", "trades", tradesParams(1));
    await until(() => hh.up.log.some((e) => e.type === "subscribe" && e.key === key), "upstream subscribe");
    hh.clock.advance(4_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(b.of("subscribed", "t")).toEqual([]); // still waiting for the upstream

    hh.clock.advance(1_000);
    const ack = await b.waitFor((f) => f.type === "subscribed" && f.id === "t", "polled ack");
    expect(ack).toMatchObject({ mode: "poll" });
    expect(typeof ack.delayMs).toBe("number");
    // The unacknowledged upstream subscription is given back.
    await until(() => hh.up.log.some((e) => e.type === "unsubscribe" && e.key === key), "upstream unsubscribe");

    const rows = () => b.of("event", "t").flatMap((f) => f.data as TokenTrade[]).map((r) => r.txHash);
    for (let i = 0; i < 3; i++) {
      const row = trade(i, hh.clock.now());
      tape.push(row);
      await until(() => {
        if (!rows().includes(row.txHash)) hh.clock.advance(250);
        return rows().includes(row.txHash);
      }, `polled trade ${i}`, 5_000);
    }
    hh.clock.advance(20_000); // well past the 15 s subscribe timeout
    await new Promise((r) => setTimeout(r, 20));
    expect(b.of("error")).toEqual([]);
    expect(rows()).toEqual(tape.map((r) => r.txHash));
  });
});

describe("upstream pool under tiered liveness: a streamed resource whose link drops before any row was streamed", () => {
  it("is polled from its own start, so a trade made between the subscription and the loss still arrives", async () => {
    const SKEW = 5_000_000; // the market's clock is far from ours
    const tape: TokenTrade[] = [];
    let market = () => 0;
    h = await startHarness({
      gateway: {
        liveness: { rest: (id, req, o) => fakeRest(market, tape)(id, req, o), pollCreditsPerMinute: 6_000, pollTickMs: 50 },
      },
    });
    const hh = h;
    market = () => hh.clock.now() + SKEW;
    const b = await hh.browser();
    // Another token's stream tells the gateway what time the market's clock reads.
    b.subscribe("x", "trades", tradesParams(2));
    await b.waitFor((f) => f.type === "subscribed" && f.id === "x", "x acknowledged");
    hh.up.emit(keyOf("trades", tradesParams(2)), { kind: "trades", data: [trade(90, market() - 10)], meta: { asOf: market() } });
    await b.waitFor((f) => f.type === "event" && f.id === "x", "x event");
    // A browser without a sinceAt subscribes to token 1; its trade comes, but the stream is lost before it is sent.
    b.subscribe("t", "trades", tradesParams(1));
    const ack = await b.waitFor((f) => f.type === "subscribed" && f.id === "t", "t acknowledged");
    expect(ack.mode).toBe("stream");
    hh.clock.advance(1_000);
    const made = trade(1, market());
    tape.push(made);
    hh.clock.advance(60_000); // the stream stays quiet a minute (well past the poller's 30 s lookback)
    hh.up.killAll();
    await b.waitFor((f) => f.type === "mode" && f.mode === "poll" && (f.ids as string[]).includes("t"), "t polled");
    const rows = () => b.of("event", "t").flatMap((f) => f.data as TokenTrade[]).map((r) => r.txHash);
    await until(() => {
      if (!rows().includes(made.txHash)) hh.clock.advance(50);
      return rows().includes(made.txHash);
    }, "the trade made before the loss");
    expect(rows()).toEqual([made.txHash]);
  });
});
