import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket } from "ws";
import { type PulseToken, type TokenTrade, tradeKey } from "@/lib/api";
import { type SimService, startSimService } from "@/lib/sim/service";
import { createTestProxy, type TestProxy } from "../../../testing/test-state";
import { createStreamGateway, type StreamGateway, type StreamGatewayOptions } from "../../index";
import { TestBrowser } from "../../testing/harness";
import { createRestCaller } from "../rest-caller";

// Tests of tiered liveness on the real embedded market: REST through the real proxy, the market's real stream, trades
// made through its control API. One market per test file; one gateway per test.

export interface Tok {
  chain: string;
  address: string;
  pool: string;
}

export interface MarketUsage {
  stream: {
    now: { connections: number; subscriptionsPerConnection: number[]; tracked: number };
    peak: { connections: number; subscriptionsPerConnection: number; tracked: number };
    refused: Record<string, number>;
  };
}

export interface TestMarket {
  sim: SimService;
  tp: TestProxy;
  control<T>(path: string, body?: unknown): Promise<T>;
  rest<T>(path: string): Promise<T>;
  /** `n` distinct tokens, launching more through the control API when the seeded market has too few. */
  pickTokens(n: number): Promise<Tok[]>;
  /** A scripted $5 buy on `t`; its trade's identity. */
  trade(t: Tok): Promise<string>;
  usage(): Promise<MarketUsage>;
  startGateway(
    o?: Partial<StreamGatewayOptions>,
    liveness?: Partial<NonNullable<StreamGatewayOptions["liveness"]>>,
  ): Promise<{ gw: StreamGateway; url: string }>;
  browser(url: string, headers?: Record<string, string>): Promise<TestBrowser>;
  /** Closes the gateway and browsers of the test. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestMarket(key: string, seed: number): Promise<TestMarket> {
  const sim = await startSimService({ key, seed, warmupMs: 3 * 60_000 });
  // On a loaded machine a burst of polls can pass the usual upstream timeout; these tests are about who polls, not
  // about the breaker, so it opens only on a real outage.
  const tp = createTestProxy(
    { baseUrl: sim.baseUrl, key },
    { rateLimitPerSec: 0, upstreamTimeoutMs: 15_000, breakerFailures: 1_000 },
  );
  const browsers: TestBrowser[] = [];
  let gw: StreamGateway | undefined;
  let http: Server | undefined;

  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${sim.baseUrl}/__control/${path}`, {
      method: body ? "POST" : "GET",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`control ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const rest = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: key } });
    return ((await res.json()) as { data: T }).data;
  };

  return {
    sim,
    tp,
    control,
    rest,
    async pickTokens(n) {
      const chains = (await rest<{ chain: string }[]>("/v1/meta/chains")).map((c) => c.chain);
      const out = new Map<string, Tok>();
      // Tokens a test can trade on throughout (the market refuses a trade while a token migrates): graduated at least
      // a minute ago, or curves under 30 % (the market's own trades do not complete one within a test).
      const now = sim.core.clock.now();
      for (const view of ["graduated", "new", "bonding"])
        for (let i = 0; i < chains.length && out.size < n; i += 8) {
          const csv = chains.slice(i, i + 8).join(",");
          for (const t of await rest<PulseToken[]>(`/v1/pulse?view=${view}&chains=${csv}&limit=100`))
            if (t.migrated ? (t.graduatedAt ?? 0) < now - 60_000 : t.bondingProgress < 30)
              out.set(`${t.chain}:${t.address}`, { chain: t.chain, address: t.address, pool: t.pool.address });
        }
      for (let i = 0; out.size < n; i++) {
        const t = await control<Tok>("scenario", { action: "launch", chain: ["solana", "evm:56", "evm:8453"][i % 3] });
        out.set(`${t.chain}:${t.address}`, { chain: t.chain, address: t.address, pool: t.pool });
      }
      return [...out.values()].slice(0, n);
    },
    async trade(t) {
      const r = await control<{ trade: { txHash: string; block: number; logIndex: number } }>("scenario", {
        action: "trade",
        chain: t.chain,
        address: t.address,
        side: "buy",
        usd: 5,
      });
      return tradeKey(r.trade);
    },
    async usage() {
      const all = await control<Record<string, MarketUsage>>("usage");
      const mine = Object.entries(all).find(([k]) => k.startsWith(key.slice(0, 4)));
      if (!mine) throw new Error("no usage for the key");
      return mine[1];
    },
    async startGateway(o = {}, liveness = {}) {
      gw = createStreamGateway({
        upstream: { streamUrl: sim.streamUrl, key },
        registerUsage: false,
        log: { warn: () => {} },
        ...o,
        liveness: { pollCreditsPerMinute: 6_000, rest: createRestCaller(() => tp.state.proxy), ...liveness },
      });
      http = createServer();
      const g = gw;
      http.on("upgrade", (req, socket, head) => g.handleUpgrade(req, socket, head));
      await new Promise<void>((r) => http?.listen(0, "127.0.0.1", r));
      return { gw, url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/stream` };
    },
    async browser(url, headers) {
      const b = new TestBrowser(new WebSocket(url, { headers }));
      browsers.push(b);
      await b.waitFor((f) => f.type === "authed" || f.type === "error", "authed", 15_000);
      return b;
    },
    async reset() {
      for (const b of browsers.splice(0)) b.ws.terminate();
      await gw?.close();
      http?.closeAllConnections();
      await new Promise((r) => (http ? http.close(r) : r(null)));
      gw = undefined;
      http = undefined;
    },
    async close() {
      await tp.state.close();
      await sim.close();
    },
  };
}

/** Rows of a browser's trade events for one id, as identity + preconfirmed state (a confirmation is a new state). */
export function rowsOf(b: TestBrowser, id: string): { key: string; state: string; row: TokenTrade }[] {
  return b.frames
    .filter((f) => f.type === "event" && f.id === id && f.kind === "trades")
    .flatMap((f) =>
      (f.data as TokenTrade[]).map((row) => ({
        key: tradeKey(row),
        state: `${tradeKey(row)}/${row.preconfirmed}`,
        row,
      })),
    );
}

/** A browser's current mode per subscription id: its acknowledgement, then every `mode` frame since. */
export function modesOf(b: TestBrowser): Map<string, string> {
  const m = new Map<string, string>();
  for (const f of b.frames) {
    if (f.type === "subscribed") m.set(f.id as string, f.mode as string);
    else if (f.type === "mode") for (const id of f.ids as string[]) m.set(id, f.mode as string);
  }
  return m;
}
