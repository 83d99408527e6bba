import { liveHeapMb } from "../../bench/lib/inspector";
import { rssMb, type System } from "./harness";
import { check, notable, percentile, sleep } from "./util";

// 100 clients mixing page loads (35 %) and API calls for a minute, each with its own address and a think time:
// no errors, and no memory kept. Memory is read after a warm-up of the same mix (the first renders load every route's
// code and size the heap) and after the run, each time once the server's garbage is collected in full (through its
// inspector): resident memory then must stay within +100 MB of the warmed figure. Read without a collection, RSS
// under this load swings by 200 MB and more with the heap's garbage (450–670 MB within one minute here), so two
// plain readings differ by where they fall in that swing; the plain figures are reported beside.
// `SYSTEM_SOAK_MEMORY=report` only reports the bound (e.g. to read the figures on a machine too busy for them).
// Its length is what the bound needs, counted in requests rather than seconds: the run goes on until 2,500 requests
// are answered (about 45 s on a quiet 2-core machine; at most 150 s, and a run cut short there fails with its figures,
// since fewer requests would weaken the bound), so a leak of ≥ 40 KB a request (a page's rendered HTML or a kept
// response body) passes the +100 MB bound; a longer run only finds smaller leaks, which bench/ measures. The warm-up
// is 800 requests of the same mix. The `soak` SYSTEM_BREAK variant keeps 64 KB a request.

const CLIENTS = 100;
const PAGE_SHARE = 0.35;
const MAX_GROWTH_MB = 100;
const WARMUP_REQUESTS = 800;
/** Requests the run must make for the bound to mean what it says (see above). */
export const MIN_REQUESTS = 2_500;

/** The most the warm-up and the run may take; a run cut short fails with its figures (too few requests). */
const WARMUP_MAX_MS = 60_000;
const RUN_MAX_MS = 150_000;

export async function soak(sys: System, opts: { requests?: number } = {}): Promise<string> {
  const target = opts.requests ?? Number(process.env.SYSTEM_SOAK_REQUESTS ?? MIN_REQUESTS);
  const n = await notable(sys);
  const tok = (t: { chain: string; address: string }) => `/token/${encodeURIComponent(t.chain)}/${t.address}`;
  const q = (t: { chain: string; address: string }) => `chain=${encodeURIComponent(t.chain)}&address=${t.address}`;
  const pulse = await (await fetch(`${sys.appUrl}/api/v1/pulse?view=new&chains=solana,evm:8453&limit=40`)).json();
  const launches = (pulse.data as { chain: string; address: string }[]).map(tok);
  const pages = [
    "/",
    "/pulse",
    tok(n.establishedToken),
    tok(n.graduatedToken),
    `/wallet/${n.evmWallet.address}?chain=${n.evmWallet.chain}`,
    ...launches,
  ];
  const apis = [
    "/api/v1/pulse?view=new&chains=solana,evm:8453&limit=30",
    "/api/v1/search?q=a&limit=10",
    `/api/v1/token?${q(n.establishedToken)}`,
    `/api/v1/token/trades?${q(n.establishedToken)}&pools=${n.establishedToken.pools.join(",")}&limit=50`,
    `/api/v1/token/price?${q(n.graduatedToken)}`,
    `/api/v1/token/ohlcv?${q(n.establishedToken)}&pools=${n.establishedToken.pools.join(",")}&interval=1m&limit=100`,
    "/api/v1/meta/chains",
    "/api/v1/prices/native",
  ];

  const cold = await rssMb(sys.appPid);
  const errors: string[] = [];
  const pageMs: number[] = [];
  const apiMs: number[] = [];
  let rng = 12_345;
  const random = () => {
    rng = (rng * 1_103_515_245 + 12_345) % 2_147_483_648;
    return rng / 2_147_483_648;
  };
  /**
   * Every client sends requests until `count` have been sent in all (or `maxMs` has passed); resolves when the last
   * is answered.
   */
  const load = async (count: number, record: boolean, maxMs: number): Promise<number> => {
    let sent = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        await sleep(random() * 1_000);
        while (sent < count && performance.now() - began < maxMs) {
          sent++;
          const isPage = random() < PAGE_SHARE;
          const list = isPage ? pages : apis;
          const path = list[Math.floor(random() * list.length)];
          const started = performance.now();
          try {
            const res = await fetch(`${sys.appUrl}${path}`, {
              headers: { "x-forwarded-for": `10.50.${c >> 8}.${c & 255}` },
              signal: AbortSignal.timeout(30_000),
            });
            await res.arrayBuffer();
            if (!res.ok) errors.push(`${path} → ${res.status}`);
          } catch (error) {
            errors.push(`${path}: ${(error as Error).message}`);
          }
          if (record) (isPage ? pageMs : apiMs).push(performance.now() - started);
          await sleep(500 + random() * 1_000);
        }
      }),
    );
    return performance.now() - began;
  };
  // Resident memory and live heap once the garbage is collected; the plain RSS read just before.
  const kept = async () => {
    const plain = await rssMb(sys.appPid);
    const heap = await liveHeapMb(sys.appInspectorPort);
    return { plain, heap, rss: await rssMb(sys.appPid) };
  };
  // Each load ends when its last client's last request has been answered, so nothing is in flight at a reading.
  await load(WARMUP_REQUESTS, false, WARMUP_MAX_MS);
  const before = await kept();
  const runMs = await load(target, true, RUN_MAX_MS);
  const after = await kept();
  const mb = (n: number) => `${Math.round(n)} MB`;
  const signed = (n: number) => `${n >= 0 ? "+" : ""}${Math.round(n)} MB`;
  const figures = `${pageMs.length} page loads (p50 ${Math.round(percentile(pageMs, 50))} ms, p99 ${Math.round(percentile(pageMs, 99))} ms) + ${apiMs.length} API calls (p99 ${Math.round(percentile(apiMs, 99))} ms) from ${CLIENTS} clients in ${(runMs / 1000).toFixed(0)} s: ${errors.length} errors; RSS after a full collection ${mb(before.rss)} after a warm-up of ${WARMUP_REQUESTS} requests, ${mb(after.rss)} after the run (${signed(after.rss - before.rss)}); live heap ${mb(before.heap)} → ${mb(after.heap)} (${signed(after.heap - before.heap)}); RSS before the collections ${mb(before.plain)} → ${mb(after.plain)}, ${mb(cold)} cold`;
  const verdict = soakVerdict({
    requests: pageMs.length + apiMs.length,
    errors,
    growthMb: after.rss - before.rss,
    memory: process.env.SYSTEM_SOAK_MEMORY === "report" ? "report" : "enforce",
  });
  check(verdict.ok, `${verdict.problem}: ${figures}`);
  return verdict.withinBound ? figures : `${figures} — OVER the +${MAX_GROWTH_MB} MB bound (reported only)`;
}

/** The soak's verdict on what it measured: enough requests, none failed, memory kept within the bound. */
export function soakVerdict(m: {
  requests: number;
  errors: string[];
  growthMb: number;
  memory: "enforce" | "report";
}): { ok: boolean; withinBound: boolean; problem?: string } {
  const withinBound = m.growthMb <= MAX_GROWTH_MB;
  if (m.requests < MIN_REQUESTS)
    return { ok: false, withinBound, problem: `only ${m.requests} requests (the bound needs ${MIN_REQUESTS})` };
  if (m.errors.length)
    return { ok: false, withinBound, problem: `${m.errors.length} errors: ${m.errors.slice(0, 5).join("; ")}` };
  if (!withinBound && m.memory === "enforce")
    return { ok: false, withinBound, problem: `memory grew ${Math.round(m.growthMb)} MB (bound +${MAX_GROWTH_MB} MB)` };
  return { ok: true, withinBound };
}
