import { Agent, request } from "undici";
import { endpoints } from "@/lib/api/endpoints";
import { checkEnvelope } from "@/lib/server/proxy/envelope-check";

// The proxy benchmark's two side measurements: coalescing under a slow upstream, and the envelope check's cost.

async function json(url: string, init: Parameters<typeof request>[1] = {}) {
  const r = await request(url, init);
  return JSON.parse(await r.body.text()) as unknown;
}

/** 1,000 concurrent identical requests through the proxy with the upstream slowed to 300 ms: count upstream calls. */
export async function coalesce(upstream: string, proxy: string, path: string, auth: Record<string, string>) {
  const faults = (body: unknown) =>
    request(`${upstream}/__control/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify(body),
    }).then((r) => r.body.text());
  await faults({ restLatencyMs: 300 });
  const before = (await json(`${proxy}/__stats`)) as { upstreamCalls: number };
  const agent = new Agent({ connections: 1_000 });
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: 1_000 }, async () => {
      const r = await request(`${proxy}${path}`, { dispatcher: agent });
      await r.body.text();
      return `${r.statusCode} ${r.headers["x-cache"]}`;
    }),
  );
  const wallMs = performance.now() - started;
  await agent.close();
  await faults({ restLatencyMs: 0 });
  const after = (await json(`${proxy}/__stats`)) as { upstreamCalls: number };
  const tally: Record<string, number> = {};
  for (const o of outcomes) tally[o] = (tally[o] ?? 0) + 1;
  return { upstreamCalls: after.upstreamCalls - before.upstreamCalls, tally, wallMs };
}

type Notable = Record<string, { chain: string; address: string; pools: string[] } | null>;

/** Per-response cost of the envelope check on real market answers: a full zod pass vs the proxy's sampled check. */
export async function envelopeCost(
  upstream: string,
  auth: Record<string, string>,
  notable: Notable,
  ohlcvQuery: string,
  end: number,
) {
  const t = notable.establishedToken ?? notable.baseToken;
  if (!t) return [];
  const cases = [
    { name: "ohlcv, 100 candles", def: endpoints.ohlcv, path: `/v1/token/ohlcv?${ohlcvQuery}&endTime=${end}` },
    {
      name: "ohlcv, 500 candles",
      def: endpoints.ohlcv,
      path: `/v1/token/ohlcv?${ohlcvQuery.replace("limit=100", "limit=500")}&endTime=${end}`,
    },
    {
      name: "token trades, 500 rows",
      def: endpoints.tokenTrades,
      path: `/v1/token/trades?chain=${t.chain}&address=${t.address}&pools=${t.pools.join(",")}&limit=500`,
    },
    {
      name: "pulse, 100 entries",
      def: endpoints.pulse,
      path: "/v1/pulse?view=new&chains=solana,evm:8453,evm:56&limit=100",
    },
  ];
  const out: Array<{ name: string; fullUs: number; proxyUs: number }> = [];
  for (const c of cases) {
    const body = (await json(`${upstream}${c.path}`, { headers: auth })) as { data: unknown; meta: unknown };
    const time = (f: () => unknown) => {
      for (let i = 0; i < 50; i++) f();
      const n = 400;
      const started = performance.now();
      for (let i = 0; i < n; i++) f();
      return ((performance.now() - started) * 1000) / n;
    };
    const fullUs = time(() => c.def.data.safeParse(body.data) && c.def.meta.safeParse(body.meta));
    const proxyUs = time(() => checkEnvelope(c.def, body));
    out.push({ name: `${c.name} (${Array.isArray(body.data) ? body.data.length : 0} rows)`, fullUs, proxyUs });
  }
  return out;
}

/**
 * The proxy's own work on a miss, without the extra process hop: in this process, alternate a plain undici call to
 * the bare server with `proxyRequest` for a new key against the same server (sequential, after a warm-up).
 */
export async function inProcessMiss(bareUrl: string, path: (n: number) => string) {
  const { createTestProxy } = await import("@/lib/server/testing/test-state");
  const { proxyRequest } = await import("@/lib/server/proxy/serve-request");
  const { state } = createTestProxy({ baseUrl: bareUrl, key: "k" }, { rateLimitPerSec: 0, logLevel: "info" });
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 8 });
  const headers = { get: () => null };
  const raw: number[] = [];
  const proxied: number[] = [];
  const cpu = { raw: 0, proxied: 0 };
  const N = 2_000;
  let k = 0;
  for (let i = 0; i < N * 2; i++) {
    const measure = i >= N;
    let c0 = process.cpuUsage();
    let t0 = performance.now();
    const r = await agent.request({ origin: bareUrl, path: path(k++), method: "GET", headers: { authorization: "k" } });
    await r.body.text();
    if (measure) {
      raw.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.raw += c.user + c.system;
    }
    c0 = process.cpuUsage();
    t0 = performance.now();
    const p = path(k++);
    const reply = await proxyRequest(
      {
        method: "GET",
        url: `/api${p}`,
        headers,
        segments: p.split("?")[0].split("/").slice(2),
        readBody: async () => undefined,
      },
      state,
    );
    if (reply.status !== 200) throw new Error(`in-process miss answered ${reply.status}: ${reply.body.slice(0, 200)}`);
    if (measure) {
      proxied.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.proxied += c.user + c.system;
    }
  }
  await agent.close();
  await state.close();
  const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const p99 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.99)];
  return {
    rawP50: p50(raw),
    rawP99: p99(raw),
    proxyP50: p50(proxied),
    proxyP99: p99(proxied),
    rawCpuUs: cpu.raw / N,
    proxyCpuUs: cpu.proxied / N,
  };
}
