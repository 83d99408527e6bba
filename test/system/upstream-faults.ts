import type { System } from "./harness";
import { check, notable, sleep } from "./util";

// Upstream errors, latency and hangs, each on its own with the breaker closed again between: cached data is served
// stale with its age, no request takes over 3 s, and /api/health says degraded (it probes the upstream itself).

const FAULTS: Record<string, Record<string, number>> = {
  errors: { restErrorRate: 1 },
  latency: { restLatencyMs: 2_000 },
  hangs: { restHangRate: 1 },
};
export const MAX_MS = 3_000;
// Past ttl + swr of the short cache policy (2 s + 5 s): a copy is then only served when the upstream fails.
const STALE_AFTER_MS = 7_500;

async function timed(url: string, ip: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { "x-forwarded-for": ip }, signal: AbortSignal.timeout(15_000) });
  const body = await res.json();
  return { status: res.status, body, ms: performance.now() - started };
}

async function healthStatus(sys: System): Promise<string> {
  return (await (await fetch(`${sys.appUrl}/api/health`)).json()).status;
}

async function untilHealthy(sys: System) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await healthStatus(sys)) === "ok") return;
    await sleep(500);
  }
  throw new Error("the app did not report a healthy upstream within 20 s of clearing the faults");
}

export async function upstreamFaults(sys: System): Promise<string> {
  const n = await notable(sys);
  const tok = (t: { chain: string; address: string }) => `chain=${encodeURIComponent(t.chain)}&address=${t.address}`;
  const urls = [
    `/api/v1/token/price?${tok(n.establishedToken)}`,
    `/api/v1/token/trades?${tok(n.establishedToken)}&pools=${n.establishedToken.pools.join(",")}&limit=20`,
    "/api/v1/pulse?view=new&chains=solana&limit=10",
    `/api/v1/token/price?${tok(n.graduatedToken)}`,
  ].map((p) => `${sys.appUrl}${p}`);
  const figures: string[] = [];
  let ip = 0;
  for (const [name, fault] of Object.entries(FAULTS)) {
    await sys.sim("DELETE", "/__control/faults");
    await untilHealthy(sys);
    for (const url of urls) {
      const r = await timed(url, `10.77.0.${++ip % 250}`);
      check(r.status === 200, `${name}: warming ${url} → ${r.status}`);
    }
    await sleep(STALE_AFTER_MS);
    await sys.sim("PUT", "/__control/faults", fault);
    const results = await Promise.all(urls.map((u) => timed(u, `10.77.1.${++ip % 250}`)));
    const cold = await timed(
      `${sys.appUrl}/api/v1/token/stats?${tok(n.bondingToken)}&windows=${["5m", "1h", "6h"][ip % 3]}`,
      "10.77.2.1",
    );
    check(cold.ms <= MAX_MS, `${name}: an uncached request took ${Math.round(cold.ms)} ms`);
    const health = await (await fetch(`${sys.appUrl}/api/health`)).json();
    const slowest = Math.max(...results.map((r) => r.ms));
    check(slowest <= MAX_MS, `${name}: a request took ${Math.round(slowest)} ms`);
    for (const r of results) {
      check(
        r.status === 200,
        `${name}: a cached resource answered ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`,
      );
      if (name !== "latency")
        check(
          r.body.meta?.degraded === true && r.body.meta?.staleAgeMs > 0,
          `${name}: a stale copy without its age: ${JSON.stringify(r.body.meta)}`,
        );
    }
    check(health.status === "degraded", `${name}: /api/health says ${health.status}`);
    figures.push(
      `${name}: slowest ${Math.round(slowest)} ms, stale ages ${results.map((r) => r.body.meta?.staleAgeMs ?? "fresh").join("/")} ms, uncached → ${cold.status} ${cold.body?.error?.code ?? ""} in ${Math.round(cold.ms)} ms, health ${health.status} (${health.upstreamProbe?.code ?? "ok"})`,
    );
  }
  await sys.sim("DELETE", "/__control/faults");
  await untilHealthy(sys);
  return figures.join("; ");
}
