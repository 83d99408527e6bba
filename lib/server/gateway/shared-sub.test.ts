import { describe, expect, it } from "vitest";
import type { Channel, ChannelParams } from "@/lib/api";
import { textFramePayload } from "./frames";
import { DEFAULT_REPLAY_LIMITS } from "./replay-window";
import { SharedSub, type Subscriber } from "./shared-sub";

function setup(channel: Channel, params: ChannelParams[Channel]) {
  const frames: { kind: string; asOf: number; data: unknown }[] = [];
  const sub: Subscriber = {
    deliver: (bytes) => {
      const f = JSON.parse(textFramePayload(bytes));
      frames.push({ kind: f.kind, asOf: f.meta.asOf, data: f.data });
    },
    sendFrame: () => undefined,
    subscriptionEnded: () => undefined,
  };
  const shared = new SharedSub("k", "u1", channel, params, [], DEFAULT_REPLAY_LIMITS);
  shared.add(sub, "s1", { acked: true, sinceAt: undefined });
  const send = (kind: string, asOf: number, data: unknown, polled = false) =>
    shared.onEvent({ upId: "u1", channel, kind, data, meta: { asOf, ...(polled ? { polled: true } : {}) } }, 0).delivered;
  return { shared, frames, send };
}

const token = (address: string) => ({ chain: "solana", address });

describe("polled state events never move a browser back in time", () => {
  it("a pulse poll answered after the stream took the view back is dropped", () => {
    const { shared, frames, send } = setup("pulse", { view: "new", chains: ["solana"] });
    shared.mode = "poll";
    expect(send("snapshot", 100, [token("a")], true)).toBe(1);
    shared.promoting = true;
    // The upstream's own snapshot arrives with the promotion; a poll still in flight lands after it.
    expect(send("snapshot", 120, [token("b"), token("a")])).toBe(1);
    expect(send("snapshot", 110, [token("a")], true)).toBe(0);
    shared.promoting = false;
    shared.mode = "stream";
    expect(send("enter", 130, token("c"))).toBe(1);
    expect(send("snapshot", 140, [token("a")], true)).toBe(0);
    expect(frames.map((f) => `${f.kind}@${f.asOf}`)).toEqual(["snapshot@100", "snapshot@120", "enter@130"]);
  });

  it("while polled, an answer older than the last delivered one is dropped and a newer one goes through", () => {
    const { shared, send } = setup("ohlcv", { chain: "solana", address: "a", interval: "1m", quote: "usd" } as never);
    expect(send("candle", 200, [{ time: 180 }])).toBe(1);
    shared.mode = "poll";
    expect(send("candle", 150, [{ time: 120 }], true)).toBe(0);
    expect(send("candle", 200, [{ time: 180 }], true)).toBe(1);
    expect(send("candle", 260, [{ time: 240 }], true)).toBe(1);
  });

  it("token updates follow the same rule; trades are left to their identity dedupe", () => {
    const u = setup("token-updates", { chain: "solana", address: "a" } as never);
    expect(u.send("update", 50, { priceUsd: 1 })).toBe(1);
    u.shared.mode = "poll";
    expect(u.send("update", 40, { priceUsd: 0.5 }, true)).toBe(0);
    u.shared.mode = "stream";
    expect(u.send("update", 60, { priceUsd: 0.7 }, true)).toBe(0);
    expect(u.send("update", 60, { priceUsd: 0.7 })).toBe(1);

    const t = setup("trades", { chain: "solana", address: "a" } as never);
    const row = { txHash: "x", block: 1, logIndex: 0, at: 10 };
    expect(t.send("trades", 100, [row])).toBe(1);
    expect(t.send("trades", 90, [{ ...row, txHash: "y", at: 9 }], true)).toBe(1);
  });
});
