import { afterEach, describe, expect, it } from "vitest";
import type { TokenTrade } from "@/lib/api";
import type { RestCaller } from "./liveness/rest-caller";
import { trade } from "./test-fixtures";
import { type Harness, startHarness, until } from "./test-harness";
import { keyOf, tradesParams } from "./test-harness-keys";

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
