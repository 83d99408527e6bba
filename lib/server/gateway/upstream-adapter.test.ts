import { afterEach, describe, expect, it } from "vitest";
import { STREAM_ERROR_CODES } from "@/lib/api";
import { type Harness, startHarness, until } from "./testing/harness";
import { tradesParams } from "./testing/harness-keys";
import { mapUpstreamError } from "./upstream-adapter";

const KEY = "stream-key-5e2b";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("upstream error frames as browsers see them", () => {
  it("maps every upstream code onto a documented stream code and scrubs the key", () => {
    const cases: Array<[string, string]> = [
      ["limit_tracked", "limit_tracked"],
      ["invalid_params", "invalid_params"],
      ["token_not_found", "token_not_found"],
      ["auth_failed", "upstream_auth"],
      ["rate_limited", "upstream_unavailable"],
      ["limit_connections", "upstream_unavailable"],
      ["duplicate_id", "internal_error"],
      ["quota_exceeded_v2", "internal_error"],
      ["__proto__", "internal_error"],
    ];
    for (const [upstream, ours] of cases) {
      const m = mapUpstreamError(upstream, `key ${KEY} may not do this`, KEY);
      expect(m.code, upstream).toBe(ours);
      expect(STREAM_ERROR_CODES).toContain(m.code);
      expect(m.message).not.toContain(KEY);
    }
    expect(mapUpstreamError("limit_tracked", `over the limit for ${KEY}`, KEY).message).toBe("over the limit for [redacted]");
  });

  it("passes a refusal to the browser with a known code and no key, and logs none either", async () => {
    const warnings: string[] = [];
    h = await startHarness({ upstream: { key: KEY }, gateway: { log: { warn: (m: unknown) => void warnings.push(String(m)) } } });
    const a = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    h.up.broadcastRaw(JSON.stringify({ type: "error", code: `odd_${KEY}`, message: `stop, ${KEY}` }));
    h.up.broadcastRaw(JSON.stringify({ type: KEY }));
    h.up.broadcastRaw(JSON.stringify({ type: "event", id: "g1", channel: "trades", kind: KEY, data: [], meta: {} }));
    h.up.broadcastRaw(JSON.stringify({ type: "error", id: "g1", code: "quota_exceeded_v2", message: `stop, ${KEY}` }));
    const err = await a.waitFor((f) => f.type === "error");
    expect(err).toMatchObject({ id: "t", code: "internal_error" });
    await until(() => warnings.length >= 3, "three warnings");
    expect(JSON.stringify([...a.frames, ...warnings])).not.toContain(KEY);
  });

  it("never forwards the poll-only wallet-trades channel: without polling it is refused, and an event on it is malformed", async () => {
    const warnings: string[] = [];
    h = await startHarness({ upstream: { key: KEY }, gateway: { log: { warn: (m: unknown) => void warnings.push(String(m)) } } });
    const a = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    a.subscribe("w", "wallet-trades", { chain: "evm:8453", wallet: `0x${"a".repeat(40)}` });
    expect(await a.waitFor((f) => f.type === "error" && f.id === "w")).toMatchObject({ code: "upstream_unavailable" });
    expect(h.up.log.filter((l) => l.type === "subscribe")).toHaveLength(1);
    expect(h.up.log.some((l) => l.key.startsWith("wallet-trades"))).toBe(false);
    h.up.broadcastRaw(JSON.stringify({ type: "event", id: "g1", channel: "wallet-trades", kind: "trades", data: [], meta: { asOf: 1 } }));
    await until(() => warnings.some((w) => w.includes("wallet-trades")), "a malformed-event warning");
    expect(a.of("event").filter((f) => f.id === "w")).toEqual([]);
  });
});
