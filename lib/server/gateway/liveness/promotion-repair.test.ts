import { afterEach, describe, expect, it } from "vitest";
import type { TokenTrade } from "@/lib/api";
import { trade } from "../testing/fixtures";
import { type Harness, startHarness, type TestBrowser, until } from "../testing/harness";
import { keyOf, tradesParams } from "../testing/harness-keys";
import { REPAIR_RETRY_MS } from "./controller";
import type { RestCaller } from "./rest-caller";

// The gap repair at a promotion (poll → stream) against a REST that times out: the rows between the last poll and
// the upstream's acknowledgement still arrive once REST answers again, or the browsers are told to repair themselves.

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const POOL = `0x${"ab".repeat(20)}`;

interface Setup {
  hh: Harness;
  b: TestBrowser;
  tape: TokenTrade[];
  rest: { down: boolean; tradeCalls: number };
  warnings: string[];
  rows(): string[];
}

/** Token 1 streamed (the budget tracks one token), token 2 polled; then token 1's viewer leaves and REST goes down. */
async function promoteWithRestDown(): Promise<Setup> {
  const tape: TokenTrade[] = [];
  const rest = { down: false, tradeCalls: 0 };
  const warnings: string[] = [];
  let now = () => 0;
  const caller: RestCaller = async (id) => {
    if (id === "tokenPools") return { data: [{ address: POOL }], meta: { asOf: now() } };
    if (id !== "tokenTrades") throw new Error(`unexpected REST call ${id}`);
    rest.tradeCalls++;
    if (rest.down) throw new Error("the market did not answer in time");
    return { data: [...tape].sort((a, b) => b.at - a.at), meta: { asOf: now(), hasMore: false, nextCursor: null } };
  };
  h = await startHarness({
    gateway: {
      limits: { connections: 1, subscriptionsPerConnection: 20, trackedTokens: 1 },
      releaseGraceMs: 0,
      log: { warn: (m: string) => void warnings.push(m) },
      liveness: { rest: caller, pollCreditsPerMinute: 6_000, pulseReserve: 0, tickMs: 200, pollTickMs: 50, scheduler: { minDwellMs: 0 } },
    },
  });
  const hh = h;
  now = () => hh.clock.now();
  const b = await hh.browser();
  b.subscribe("a", "trades", tradesParams(1));
  await b.waitFor((f) => f.type === "subscribed" && f.id === "a", "a acknowledged");
  b.subscribe("b", "trades", tradesParams(2), { sinceAt: hh.clock.now() });
  const ack = await b.waitFor((f) => f.type === "subscribed" && f.id === "b", "b acknowledged");
  expect([b.of("subscribed", "a")[0]?.mode, ack.mode]).toEqual(["stream", "poll"]);
  const rows = () => b.of("event", "b").flatMap((f) => f.data as TokenTrade[]).map((r) => r.txHash);
  // Polled: a first trade arrives by REST.
  tape.push(trade(1, hh.clock.now()));
  await until(() => {
    if (!rows().includes(trade(1, 0).txHash)) hh.clock.advance(50);
    return rows().includes(trade(1, 0).txHash);
  }, "the polled trade");
  // REST times out from now on; a trade lands after the last poll; a's viewer leaves, so b is promoted.
  rest.down = true;
  tape.push(trade(2, hh.clock.now()));
  b.send({ type: "unsubscribe", id: "a" });
  // The clock moves only until the promotion is sent upstream: the repair's backoff is measured from its acknowledgement.
  const keyB = keyOf("trades", tradesParams(2));
  const sent = () => hh.up.log.some((e) => e.type === "subscribe" && e.key === keyB);
  await until(() => {
    if (!sent()) hh.clock.advance(100);
    return sent();
  }, "b's promotion sent upstream");
  await b.waitFor((f) => f.type === "mode" && f.mode === "stream" && (f.ids as string[]).includes("b"), "b promoted");
  expect(hh.up.subscriptions().map((s) => s.key)).toEqual([keyB]);
  return { hh, b, tape, rest, warnings, rows };
}

/** Lets the in-flight REST promise settle, then moves the virtual clock on. */
async function step(hh: Harness, ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, 5));
  hh.clock.advance(ms);
  await new Promise((r) => setTimeout(r, 5));
}

describe("gap repair at a promotion", () => {
  it("is retried with backoff after REST fails, and delivers the gap's rows once REST answers", async () => {
    const { hh, b, rest, warnings, rows } = await promoteWithRestDown();
    await step(hh, 0);
    const before = rest.tradeCalls; // the repair made at the acknowledgement, failed
    await step(hh, (REPAIR_RETRY_MS[0] ?? 0) - 1);
    expect(rest.tradeCalls).toBe(before); // backing off, not hammering
    await step(hh, 1);
    expect(rest.tradeCalls).toBe(before + 1);
    rest.down = false;
    await step(hh, REPAIR_RETRY_MS[1] ?? 0);
    await until(() => rows().includes(trade(2, 0).txHash), "the gap's trade");
    expect(rows()).toEqual([trade(1, 0).txHash, trade(2, 0).txHash]);
    await step(hh, 60_000);
    expect(rest.tradeCalls).toBe(before + 2); // streamed now: no more polls
    expect(b.of("resync")).toEqual([]);
    expect(warnings.filter((w) => w.includes("gap repair"))).toEqual([]);
  });

  it("gives up after its last retry: one warning, and a resync for the subscription so the browser repairs from REST", async () => {
    const { hh, b, rest, warnings, rows } = await promoteWithRestDown();
    await step(hh, 0);
    const before = rest.tradeCalls; // the repair made at the acknowledgement, failed
    for (const ms of REPAIR_RETRY_MS) await step(hh, ms);
    await until(() => b.of("resync").length > 0, "resync");
    expect(rest.tradeCalls).toBe(before + REPAIR_RETRY_MS.length);
    expect(b.of("resync")).toEqual([{ type: "resync", ids: ["b"], reason: "gap_repair_failed" }]);
    expect(warnings.filter((w) => w.includes("gap repair"))).toHaveLength(1);
    expect(rows()).toEqual([trade(1, 0).txHash]);
    await step(hh, 60_000);
    expect(rest.tradeCalls).toBe(before + REPAIR_RETRY_MS.length);
    expect(b.of("resync")).toHaveLength(1);
    expect(hh.gw.stats().resyncs).toBe(1);
  });
});
