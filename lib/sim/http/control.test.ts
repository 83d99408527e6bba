import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { NO_FAULTS } from "../feed";
import { marketForFile, TEST_KEY } from "../testing/harness";
import { isLoopback } from "./respond";

// The loopback control endpoint: faults and scenarios that end-to-end tests drive the market with.

const h = marketForFile({ warmupMs: 5 * 60_000, seed: 21 }, 60_000);

describe("control: faults", () => {
  it("reads, patches, validates and resets the fault config", async () => {
    expect(await h.control("GET", "/__control/faults")).toEqual(NO_FAULTS);
    const patched = await h.control("PUT", "/__control/faults", { restErrorRate: 1 });
    expect(patched.restErrorRate).toBe(1);
    const res = await h.call("GET", "/v1/meta/chains");
    expect([res.status, res.body.error.code]).toEqual([503, "upstream_unavailable"]);
    const bad = await h.call("PUT", "/__control/faults", { key: null, body: { restErrorRate: 2 } });
    expect([bad.status, bad.body.error.code]).toEqual([400, "invalid_body"]);
    const unknown = await h.call("PUT", "/__control/faults", { key: null, body: { nope: true } });
    expect(unknown.status).toBe(400);
    expect(await h.control("DELETE", "/__control/faults")).toEqual(NO_FAULTS);
    expect((await h.call("GET", "/v1/meta/chains")).status).toBe(200);
  });

  it("answers 429 with Retry-After, delays, and hangs — charging nothing", async () => {
    const before = h.sim.ledger.spent(TEST_KEY);
    h.sim.setFaults({ restRateLimitRate: 1 });
    const r = await h.call("GET", "/v1/prices/native");
    expect([r.status, r.body.error.code, r.headers.get("retry-after")]).toEqual([429, "rate_limited", "1"]);
    h.sim.setFaults({ restRateLimitRate: 0, restLatencyMs: 150 });
    const t0 = performance.now();
    expect((await h.call("GET", "/v1/prices/native")).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    h.sim.setFaults({ restLatencyMs: 0, restHangRate: 1 });
    const ctrl = new AbortController();
    const hung = fetch(`${h.sim.baseUrl}/v1/prices/native`, {
      headers: { authorization: TEST_KEY },
      signal: ctrl.signal,
    }).then(
      () => "answered",
      () => "aborted",
    );
    const raced = await Promise.race([hung, new Promise((r) => setTimeout(() => r("pending"), 200))]);
    expect(raced).toBe("pending");
    ctrl.abort();
    expect(await hung).toBe("aborted");
    h.sim.setFaults({ restHangRate: 0 });
    expect(h.sim.ledger.spent(TEST_KEY) - before).toBe(1); // only the delayed call succeeded
  });

  it("is loopback-only", () => {
    const req = (remoteAddress: string) => ({ socket: { remoteAddress } }) as unknown as IncomingMessage;
    expect(isLoopback(req("127.0.0.1"))).toBe(true);
    expect(isLoopback(req("::1"))).toBe(true);
    expect(isLoopback(req("::ffff:127.0.0.1"))).toBe(true);
    expect(isLoopback(req("10.0.0.5"))).toBe(false);
    expect(isLoopback(req("::ffff:192.168.1.2"))).toBe(false);
  });
});

describe("control: scenarios", () => {
  it("launches a token with the hostile metadata pattern named, served unchanged", async () => {
    const l = await h.control("POST", "/__control/scenario", {
      action: "launch",
      chain: "solana",
      hostile: "html-name",
    });
    expect(l.name).toMatch(/^<img src=x onerror=alert\(1\)>/);
    const tok = await h.get(`/v1/token?chain=solana&address=${l.address}`);
    expect(tok.data.name).toBe(l.name);
    const bad = await h.call("POST", "/__control/scenario", {
      key: null,
      body: { action: "launch", chain: "solana", hostile: "worm" },
    });
    expect(bad.status).toBe(400);
  });

  it("launches a token now, trades it, and graduates it", async () => {
    const l = await h.control("POST", "/__control/scenario", { action: "launch", chain: "evm:56" });
    expect(l).toMatchObject({ chain: "evm:56" });
    const pulse = await h.call("GET", "/v1/pulse?view=new&chains=evm:56&limit=100");
    expect(pulse.body.data.map((x: { address: string }) => x.address)).toContain(l.address);
    const tr = await h.control("POST", "/__control/scenario", {
      action: "trade",
      chain: "evm:56",
      address: l.address,
      side: "buy",
      usd: 500,
    });
    expect(tr.trade).toMatchObject({ isBuy: true, preconfirmed: false });
    expect(tr.bondingProgress).toBeGreaterThan(0);
    expect(tr.bondingProgress).toBeLessThan(100);
    const tape = await h.call("GET", `/v1/token/trades?chain=evm:56&address=${l.address}&pools=${l.pool}`);
    expect(tape.body.data[0]).toMatchObject({ txHash: tr.trade.txHash, maker: tr.trade.maker });
    const g = await h.control("POST", "/__control/scenario", {
      action: "graduate",
      chain: "evm:56",
      address: l.address,
    });
    expect(g.completed).toBe(true);
    h.advance(12_000);
    const tok = await h.call("GET", `/v1/token?chain=evm:56&address=${l.address}`);
    expect(tok.body.data.migrated).toBe(true);
    expect(tok.body.data.launchpad.graduatedAt).toBeTypeOf("number");
    const pools = await h.call("GET", `/v1/token/pools?chain=evm:56&address=${l.address}`);
    expect(pools.body.data[0].rank).toBe(1);
    expect(pools.body.data[0].address).not.toBe(l.pool); // the DEX pool now prices it
    const sell = await h.call("POST", "/__control/scenario", {
      key: null,
      body: {
        action: "trade",
        chain: "evm:56",
        address: l.address,
        side: "sell",
        usd: 10,
        maker: "0x00000000000000000000000000000000000000ff",
      },
    });
    expect([sell.status, sell.body.error.param]).toEqual([400, "maker"]);
  });

  it("makes the next Base swap revert and vanish", async () => {
    const l = await h.control("POST", "/__control/scenario", { action: "launch", chain: "evm:8453" });
    h.advance(3_000);
    await h.control("POST", "/__control/scenario", { action: "revert-next", chain: "evm:8453" });
    const tr = await h.control("POST", "/__control/scenario", {
      action: "trade",
      chain: "evm:8453",
      address: l.address,
      side: "buy",
      usd: 100,
    });
    expect(tr.trade.preconfirmed).toBe(true);
    const url = `/v1/token/trades?chain=evm:8453&address=${l.address}&pools=${l.pool}&limit=500`;
    const before = await h.call("GET", url);
    expect(before.body.data.find((r: { txHash: string }) => r.txHash === tr.trade.txHash)?.preconfirmed).toBe(true);
    h.advance(2_600);
    const after = await h.call("GET", url);
    expect(after.body.data.find((r: { txHash: string }) => r.txHash === tr.trade.txHash)).toBeUndefined();
  });

  it("reverts the one trade asked to with revert: true, leaving other trades and an armed revert alone", async () => {
    const l = await h.control("POST", "/__control/scenario", { action: "launch", chain: "evm:8453" });
    h.advance(3_000);
    const trade = (revert?: boolean) =>
      h.control("POST", "/__control/scenario", {
        action: "trade",
        chain: "evm:8453",
        address: l.address,
        side: "buy",
        usd: 100,
        ...(revert === undefined ? {} : { revert }),
      });
    await h.control("POST", "/__control/scenario", { action: "revert-next", chain: "evm:8453" });
    const asked = await trade(true);
    const armed = await trade(); // the armed revert is still there for the next swap
    const plain = await trade(false);
    const url = `/v1/token/trades?chain=evm:8453&address=${l.address}&pools=${l.pool}&limit=500`;
    const before = (await h.call("GET", url)).body.data as { txHash: string; preconfirmed: boolean }[];
    for (const t of [asked, armed, plain])
      expect(before.find((r) => r.txHash === t.trade.txHash)?.preconfirmed).toBe(true);
    h.advance(2_600);
    const after = (await h.call("GET", url)).body.data as { txHash: string; preconfirmed: boolean }[];
    const state = (tx: string) => after.find((r) => r.txHash === tx)?.preconfirmed ?? "reverted";
    expect([asked, armed, plain].map((t) => state(t.trade.txHash))).toEqual(["reverted", "reverted", false]);

    const sol = await h.control("POST", "/__control/scenario", { action: "launch", chain: "solana" });
    const refused = await h.call("POST", "/__control/scenario", {
      key: null,
      body: { action: "trade", chain: "solana", address: sol.address, side: "buy", usd: 5, revert: true },
    });
    expect([refused.status, refused.body.error.code, refused.body.error.param]).toEqual([
      400,
      "invalid_parameter",
      "revert",
    ]);
  });

  it("launches a bundle whose dev and wallets never sell on their own with holdCohorts", async () => {
    const launches = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.control("POST", "/__control/scenario", { action: "launch", chain: "solana", bundle: 4, holdCohorts: true }),
      ),
    );
    for (let i = 0; i < 30; i++) h.advance(60_000); // past every dump and dev sell the market would schedule
    for (const l of launches) {
      expect(l.bundle.wallets).toHaveLength(4);
      const holders = new Set<string>([l.creator, ...l.bundle.wallets]);
      const rows: { maker: string; isBuy: boolean }[] = [];
      let cursor: string | undefined;
      do {
        const page = await h.get(
          `/v1/token/trades?chain=solana&address=${l.address}&pools=${l.pool}&limit=500${cursor ? `&cursor=${cursor}` : ""}`,
        );
        rows.push(...page.data);
        cursor = page.meta.hasMore ? page.meta.nextCursor : undefined;
      } while (cursor);
      expect(rows.filter((r) => holders.has(r.maker) && r.isBuy).length).toBeGreaterThanOrEqual(4);
      expect(rows.filter((r) => holders.has(r.maker) && !r.isBuy)).toEqual([]);
    }
  });

  it("reports notable ids and rejects bad scenario bodies", async () => {
    const s = await h.control("GET", "/__control/state");
    expect(s.counts.factories).toBeGreaterThanOrEqual(85);
    expect(s.notable.hostileToken?.kind).toBeTypeOf("string");
    expect(s.notable.identityWallet.linkedWallets.length).toBeGreaterThan(0);
    expect(s.notable.fundedWallet.funderTag).toBeTypeOf("string");
    expect(s.notable.solanaWallet.chain).toBe("solana");
    const bad = await h.call("POST", "/__control/scenario", { key: null, body: { action: "explode" } });
    expect([bad.status, bad.body.error.code]).toEqual([400, "invalid_body"]);
    const unknown = await h.call("POST", "/__control/scenario", {
      key: null,
      body: { action: "graduate", chain: "solana", address: "So11111111111111111111111111111111111111112" },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "token_not_found"]);
  });
});

describe("control: drop-streams", () => {
  const authed = async () => {
    const ws = new WebSocket(`${h.sim.streamUrl}/v1/stream`);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await new Promise<void>((resolve, reject) => {
      ws.once("error", reject);
      ws.on("message", (raw) => {
        if (JSON.parse(String(raw)).type === "authed") resolve();
      });
      ws.once("open", () => ws.send(JSON.stringify({ type: "auth", key: TEST_KEY })));
    });
    return { ws, closed };
  };

  it("ends every open stream connection now: closed 1001 (shutdown) or cut (abrupt, the client sees 1006)", async () => {
    const a = await authed();
    const b = await authed();
    expect(await h.control("POST", "/__control/scenario", { action: "drop-streams", mode: "shutdown" })).toEqual({
      mode: "shutdown",
      dropped: 2,
    });
    expect(await a.closed).toEqual({ code: 1001, reason: "server shutting down" });
    expect((await b.closed).code).toBe(1001);
    // New connections are accepted afterwards; the default mode is abrupt.
    const c = await authed();
    expect(await h.control("POST", "/__control/scenario", { action: "drop-streams" })).toEqual({
      mode: "abrupt",
      dropped: 1,
    });
    expect((await c.closed).code).toBe(1006);
    expect(await h.control("POST", "/__control/scenario", { action: "drop-streams" })).toEqual({
      mode: "abrupt",
      dropped: 0,
    });
    const bad = await h.call("POST", "/__control/scenario", {
      key: null,
      body: { action: "drop-streams", mode: "gently" },
    });
    expect([bad.status, bad.body.error.code]).toEqual([400, "invalid_body"]);
  });
});
